import Foundation

/// A TCP proxy on 127.0.0.1 (Tests/Servers/fault_proxy.py) between the client under test and a real
/// server, that injects one fault at a time: server down, an HTTP error status, a connection reset
/// after some bytes of the request, a server that never answers, or one that trickles its answer.
public final class FaultProxy {
    /// A fault to inject.
    public enum Fault: Equatable, Sendable {
        /// Forward untouched.
        case none
        /// Not listening: connections are refused.
        case down
        /// Every request answered with this HTTP status.
        case status(Int)
        /// The connection is reset after this many bytes from the client.
        case resetAfter(bytes: Int)
        /// Requests are read but never answered.
        case stall
        /// Requests are answered `200` with an endless body, one byte every `milliseconds`: the server
        /// stays alive and never finishes.
        case trickle(milliseconds: Int)
    }

    /// The proxy's port.
    public let port: Int
    private let control: URL
    private let process: ServerProcess
    private let folder: TemporaryDirectory

    /// Starts a proxy to 127.0.0.1:`upstreamPort` with no fault.
    public init(upstreamPort: Int) throws {
        guard let python = ProjectPaths.python else { throw TestToolError.missing(".venv python") }
        folder = try TemporaryDirectory("proxy")
        control = folder.path("mode")
        try "pass".write(to: control, atomically: true, encoding: .utf8)
        port = try FreePort.loopback()
        process = try ServerProcess(
            python,
            [
                ProjectPaths.root.appendingPathComponent("Tests/Servers/fault_proxy.py").path, "--port", "\(port)", "--upstream-port",
                "\(upstreamPort)", "--control", control.path,
            ],
            port: port, logFile: folder.path("proxy.log"))
    }

    /// Switches to `fault`; returns once the proxy follows it (listening again, or refusing).
    public func inject(_ fault: Fault) throws {
        let line =
            switch fault {
            case .none: "pass"
            case .down: "down"
            case .status(let code): "status \(code)"
            case .resetAfter(let bytes): "reset \(bytes)"
            case .stall: "stall"
            case .trickle(let ms): "trickle \(ms)"
            }
        try line.write(to: control, atomically: true, encoding: .utf8)
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline {
            if (fault == .down) != ServerProcess.accepts(port: port) { return }
            usleep(20_000)
        }
    }

    /// The proxy's URL for the path prefix `/`.
    public var baseURL: String { "http://127.0.0.1:\(port)/" }
}
