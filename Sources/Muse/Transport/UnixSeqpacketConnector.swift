import CBlueZ  // the socket constants (`SOCK_SEQPACKET`, `SOCK_CLOEXEC`) come from its clang module
import Glibc

/// Connects to a ``SimulatedHeadband`` (or any ATT server) listening on a Unix `SOCK_SEQPACKET`
/// socket, giving a descriptor an ``ATTClient`` can own.
package struct UnixSeqpacketConnector: Sendable {
    /// A connector.
    package init() {}

    /// Connects to `path` and returns the connected descriptor.
    package func connect(path: String) throws(TransportError) -> Int32 {
        guard let address = Socket.unixAddress(path) else { throw .pathTooLong(path: path) }
        let fd = socket(AF_UNIX, Socket.seqpacket | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw .system(call: "socket", errno: errno) }
        let result = Socket.withSockaddr(address) { Glibc.connect(fd, $0, $1) }
        guard result == 0 else {
            let code = errno
            Glibc.close(fd)
            switch code {
            case ENOENT, ENOTDIR: throw .noSuchSocket(path: path)
            case ECONNREFUSED, ENOTSOCK, EPROTOTYPE: throw .socketRefused(path: path)
            default: throw .system(call: "connect \(path)", errno: code)
            }
        }
        return fd
    }
}
