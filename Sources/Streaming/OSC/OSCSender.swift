import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Sends OSC messages as UDP datagrams to one host and port, never blocking: a datagram the kernel
/// cannot take at once is dropped and counted, so a receiver that is slow or absent costs the
/// recording nothing.
package final class OSCSender: @unchecked Sendable {
    /// The destination as given.
    package let host: String
    /// The destination port.
    package let port: UInt16
    private let fd: Int32
    private var address = sockaddr_storage()
    private let addressLength: socklen_t
    private let lock = NSLock()
    private var droppedCount = 0

    /// Opens a UDP socket for `host` (a name or an IPv4/IPv6 address) and `port`.
    package init(host: String, port: UInt16) throws(OSCError) {
        self.host = host
        self.port = port
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_DGRAM.rawValue)
        hints.ai_family = AF_UNSPEC
        var result: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &result)
        guard status == 0, let first = result else { throw .unresolvable(host: host, reason: String(cString: gai_strerror(status))) }
        defer { freeaddrinfo(result) }
        let fd = socket(first.pointee.ai_family, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw .socket(errno: errno) }
        self.fd = fd
        addressLength = first.pointee.ai_addrlen
        withUnsafeMutableBytes(of: &address) { target in
            target.copyMemory(from: UnsafeRawBufferPointer(start: first.pointee.ai_addr, count: Int(first.pointee.ai_addrlen)))
        }
    }

    /// Sends `message`; returns false (and counts a drop) when it could not be sent at once.
    @discardableResult
    package func send(_ message: OSCMessage) -> Bool {
        let bytes = message.encoded
        let sent = bytes.withUnsafeBytes { buffer in
            withUnsafePointer(to: &address) { storage in
                storage.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    sendto(fd, buffer.baseAddress, buffer.count, Int32(MSG_DONTWAIT), $0, addressLength)
                }
            }
        }
        if sent != bytes.count {
            lock.withLock { droppedCount += 1 }
            return false
        }
        return true
    }

    /// Messages that could not be sent.
    package var dropped: Int { lock.withLock { droppedCount } }

    deinit { close(fd) }
}
