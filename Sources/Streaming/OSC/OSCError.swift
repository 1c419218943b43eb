import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Why OSC output could not be set up.
package enum OSCError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The host name did not resolve.
    case unresolvable(host: String, reason: String)
    /// No UDP socket could be created.
    case socket(errno: Int32)

    package var description: String {
        switch self {
        case .unresolvable(let host, let reason): "OSC: cannot resolve \(host): \(reason)"
        case .socket(let code): "OSC: cannot create a UDP socket: \(String(cString: strerror(code)))"
        }
    }
}
