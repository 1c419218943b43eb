import Glibc

/// Why a headband could not be reached, each with one clear line for the user.
public enum TransportError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A `--device` value that is neither an address, `unix:PATH`, nor a usable name.
    case invalidAddress(String)
    /// The kernel has no Bluetooth support (AF_BLUETOOTH sockets cannot be created).
    case bluetoothUnavailable(errno: Int32)
    /// No Bluetooth adapter is present or up.
    case noAdapter(errno: Int32)
    /// Another owner (normally bluetoothd) already holds the ATT channel to the headband.
    case busy
    /// The headband did not answer: off, or out of range.
    case unreachable(errno: Int32)
    /// The headband refused the connection on both public and random address types.
    case refused
    /// The connection was not allowed (security refused, or missing rights).
    case permissionDenied(errno: Int32)
    /// Scanning needs raw HCI access.
    case scanPermissionDenied(errno: Int32)
    /// No socket exists at the simulated headband's path.
    case noSuchSocket(path: String)
    /// A socket exists at the path but nothing accepts connections on it.
    case socketRefused(path: String)
    /// The socket path does not fit `sun_path` (107 bytes).
    case pathTooLong(path: String)
    /// Any other failing system call.
    case system(call: String, errno: Int32)

    public var description: String {
        switch self {
        case .invalidAddress(let text):
            return "invalid device \"\(text)\": give a Bluetooth address AA:BB:CC:DD:EE:FF, unix:PATH, or a headband name"
        case .bluetoothUnavailable:
            return "no Bluetooth: this system's kernel does not support Bluetooth sockets (AF_BLUETOOTH)"
        case .noAdapter:
            return "no Bluetooth adapter found: plug one in or power it on (bluetoothctl power on)"
        case .busy:
            return "bluetoothd already holds the headband: disconnect it in bluetoothctl"
        case .unreachable:
            return "the headband did not answer over Bluetooth: it is off or out of range"
        case .refused:
            return "the headband refused the Bluetooth connection: it is not advertising (switch it on, or off and on again)"
        case .permissionDenied(let code):
            return "not allowed to connect to the headband (\(String(cString: strerror(code)))): security refused"
        case .scanPermissionDenied:
            return "scanning needs raw Bluetooth access: run as root or grant the program CAP_NET_ADMIN and CAP_NET_RAW"
        case .noSuchSocket(let path):
            return "no simulated headband at \(path): no such socket"
        case .socketRefused(let path):
            return "the simulated headband at \(path) refused the connection: it is not running"
        case .pathTooLong(let path):
            return "socket path too long (over 107 bytes): \(path)"
        case .system(let call, let code):
            return "\(call) failed: \(String(cString: strerror(code)))"
        }
    }

    /// The error for a failing Bluetooth socket call's `errno`.
    static func bluetooth(_ call: String, errno code: Int32) -> TransportError {
        switch code {
        case EAFNOSUPPORT, EPROTONOSUPPORT, ESOCKTNOSUPPORT: .bluetoothUnavailable(errno: code)
        case ENODEV, EHOSTUNREACH, EADDRNOTAVAIL, ENETDOWN: .noAdapter(errno: code)
        case EBUSY: .busy
        case ETIMEDOUT, EHOSTDOWN: .unreachable(errno: code)
        case ECONNREFUSED: .refused
        case EACCES, EPERM: .permissionDenied(errno: code)
        default: .system(call: call, errno: code)
        }
    }
}
