import CBlueZ  // the socket constants (`SOCK_SEQPACKET`, `SOCK_CLOEXEC`) come from its clang module
import Glibc

/// Thin, throwing wrappers over the socket calls the client, connectors and simulator share.
enum Socket {
    /// `SOCK_SEQPACKET` as the `Int32` the socket calls take.
    static let seqpacket = Int32(SOCK_SEQPACKET.rawValue)

    /// The current `errno`.
    static var errno: Int32 { Glibc.errno }

    /// Sends one packet without blocking and without SIGPIPE.
    static func send(_ fd: Int32, _ bytes: [UInt8], blocking: Bool = false) -> Int32? {
        let flags = Int32(MSG_NOSIGNAL) | (blocking ? 0 : Int32(MSG_DONTWAIT))
        while true {
            let n = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, flags) }
            if n >= 0 { return nil }
            if Glibc.errno == EINTR { continue }
            return Glibc.errno
        }
    }

    /// Receives one packet of at most `capacity` bytes without blocking: the bytes, `[]` at end of
    /// stream, or the errno (EAGAIN when nothing is waiting).
    static func receive(_ fd: Int32, capacity: Int = 1024) -> Result<[UInt8], ReceiveFailure> {
        var buffer = [UInt8](repeating: 0, count: capacity)
        while true {
            let n = buffer.withUnsafeMutableBytes { Glibc.recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if n >= 0 { return .success(Array(buffer[0..<n])) }
            if Glibc.errno == EINTR { continue }
            return .failure(ReceiveFailure(errno: Glibc.errno))
        }
    }

    /// A receive errno.
    struct ReceiveFailure: Error {
        let errno: Int32
    }

    /// Polls `fds` for `events` for up to `timeoutMs` (−1: forever); the revents per fd, or errno.
    static func poll(_ fds: [Int32], events: Int16 = Int16(POLLIN), timeoutMs: Int32) -> [Int16] {
        var set = fds.map { pollfd(fd: $0, events: events, revents: 0) }
        let n = set.withUnsafeMutableBufferPointer { Glibc.poll($0.baseAddress, nfds_t($0.count), timeoutMs) }
        if n <= 0 { return fds.map { _ in 0 } }
        return set.map(\.revents)
    }

    /// Fills a `sockaddr_un` for `path`; `nil` if the path does not fit `sun_path` (108 bytes).
    static func unixAddress(_ path: String) -> sockaddr_un? {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let utf8 = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard !utf8.isEmpty, utf8.count < capacity else { return nil }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, b) in utf8.enumerated() { raw[i] = b }
        }
        return address
    }

    /// Calls `body` with `address` as a `sockaddr` pointer and its length.
    static func withSockaddr<R>(_ address: sockaddr_un, _ body: (UnsafePointer<sockaddr>, socklen_t) -> R) -> R {
        var copy = address
        return withUnsafePointer(to: &copy) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
    }
}
