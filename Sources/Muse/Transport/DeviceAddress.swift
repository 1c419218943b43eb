/// Which headband to use, as given on the command line: a Bluetooth address, a simulated headband's
/// Unix socket (`unix:PATH`), or a name to match against scanned headbands.
public enum DeviceAddress: Equatable, Sendable, CustomStringConvertible {
    /// A real headband by address.
    case bluetooth(BluetoothAddress)
    /// A ``SimulatedHeadband`` listening at a Unix SOCK_SEQPACKET path.
    case unixSocket(path: String)
    /// A headband by advertised name, e.g. `Muse-1324`.
    case name(String)

    /// Parses `text`. Something shaped like an address (hex groups and colons) must be a complete one:
    /// `AA:BB:CC` is an error, not a name.
    public init(parsing text: String) throws(TransportError) {
        let trimmed = text.trimmingWhitespace()
        if trimmed.hasPrefix("unix:") {
            let path = String(trimmed.dropFirst(5))
            guard !path.isEmpty else { throw .invalidAddress(text) }
            self = .unixSocket(path: path)
            return
        }
        if let address = BluetoothAddress(trimmed) {
            self = .bluetooth(address)
            return
        }
        let looksLikeAddress =
            trimmed.contains(":")
            && trimmed.allSatisfy { $0 == ":" || $0.isHexDigit }
        guard !trimmed.isEmpty, !looksLikeAddress else { throw .invalidAddress(text) }
        self = .name(trimmed)
    }

    public var description: String {
        switch self {
        case .bluetooth(let address): address.description
        case .unixSocket(let path): "unix:\(path)"
        case .name(let name): name
        }
    }
}

extension String {
    /// The string without leading and trailing spaces, tabs and newlines.
    fileprivate func trimmingWhitespace() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        return String(drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    }
}
