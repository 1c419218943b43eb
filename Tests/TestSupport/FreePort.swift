import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Free TCP ports on the loopback interface for test servers, claimed for this test process.
///
/// A port is found by binding port 0; the server that will listen on it binds it later, in another
/// process. In between, a second test process (another shard, or a second copy of the suite) can be
/// handed the same port by the kernel, start its own server first, and one test then talks to the
/// other's server (seen as a 401 from a server with other accounts). So each port handed out is also
/// claimed: an abstract Unix socket named after it is bound and held open until this process ends.
/// Another process's claim makes the port taken, and the kernel releases a claim when its process
/// exits, however it ends; nothing is left on disk.
public enum FreePort {
    /// The claims this process holds: the sockets stay open for its lifetime.
    nonisolated(unsafe) private static var claims: [Int32] = []
    private static let lock = NSLock()

    /// A port on 127.0.0.1 that nothing listened on a moment ago and no other test process claimed.
    public static func loopback() throws -> Int {
        lock.lock()
        defer { lock.unlock() }
        // Ports found taken stay bound while looking, so the kernel does not hand them out again.
        var tried: [Int32] = []
        defer { tried.forEach { close($0) } }
        for _ in 0..<64 {
            let (fd, port) = try boundLoopbackSocket()
            tried.append(fd)
            if let claim = claim(port) {
                claims.append(claim)
                return port
            }
        }
        throw POSIXError(.EADDRINUSE)
    }

    /// A TCP socket bound to 127.0.0.1 on a port the kernel chose, and that port.
    private static func boundLoopbackSocket() throws -> (Int32, Int) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EIO) }
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = 0
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        var len = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, len) }
        }
        guard bound == 0 else {
            close(fd)
            throw POSIXError(.EADDRINUSE)
        }
        _ = withUnsafeMutablePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &len) }
        }
        return (fd, Int(UInt16(bigEndian: addr.sin_port)))
    }

    /// Binds the abstract Unix socket that claims `port` for this process; nil when another process
    /// holds it.
    private static func claim(_ port: Int) -> Int32? {
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return nil }
        var addr = sockaddr_un()
        addr.sun_family = sa_family_t(AF_UNIX)
        // An abstract name starts with a NUL byte; its length is passed, not terminated.
        let name = Array("\0study-recorder-test-port-\(port)".utf8)
        withUnsafeMutableBytes(of: &addr.sun_path) { path in
            for (index, byte) in name.enumerated() { path[index] = byte }
        }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + name.count)
        let bound = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        guard bound == 0 else {
            close(fd)
            return nil
        }
        return fd
    }
}
