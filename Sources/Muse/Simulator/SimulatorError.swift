import Glibc

/// Why the simulated headband could not start.
package enum SimulatorError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The path does not fit `sun_path`.
    case pathTooLong(String)
    /// Something that is not a stale socket already exists at the path, or a live simulator listens there.
    case pathInUse(String)
    /// A socket call failed.
    case system(call: String, errno: Int32)
    /// `start()` was called twice.
    case alreadyStarted

    package var description: String {
        switch self {
        case .pathTooLong(let path): "simulated headband: socket path too long (over 107 bytes): \(path)"
        case .pathInUse(let path): "simulated headband: \(path) is already in use"
        case .system(let call, let code): "simulated headband: \(call) failed: \(String(cString: strerror(code)))"
        case .alreadyStarted: "simulated headband: already started"
        }
    }
}
