/// Where live data goes: Lab Streaming Layer outlets, or OSC datagrams to a host and port.
package enum StreamTarget: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// LSL outlets on this machine's network (what LabRecorder and pylsl inlets resolve).
    case lsl
    /// OSC over UDP with Mind Monitor's paths.
    case osc(host: String, port: UInt16)

    /// Mind Monitor's default OSC port.
    package static let defaultOSCPort: UInt16 = 5000

    /// Parses `lsl`, `osc` (127.0.0.1:5000), `osc:PORT`, `osc:HOST:PORT` or `osc:[IPv6]:PORT`.
    package init(parsing text: String) throws(StreamTargetError) {
        let lower = text.lowercased()
        if lower == "lsl" {
            self = .lsl
            return
        }
        guard lower == "osc" || lower.hasPrefix("osc:") else { throw .unknown(text) }
        let rest = String(text.dropFirst(4))
        if lower == "osc" {
            self = .osc(host: "127.0.0.1", port: Self.defaultOSCPort)
            return
        }
        var host = "127.0.0.1"
        var portText = rest
        if let colon = rest.lastIndex(of: ":") {
            host = String(rest[..<colon])
            portText = String(rest[rest.index(after: colon)...])
            if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        }
        guard !host.isEmpty, let port = UInt16(portText), port > 0 else { throw .invalidOSC(text) }
        self = .osc(host: host, port: port)
    }

    package var description: String {
        switch self {
        case .lsl: "lsl"
        case .osc(let host, let port): host.contains(":") ? "osc:[\(host)]:\(port)" : "osc:\(host):\(port)"
        }
    }
}
