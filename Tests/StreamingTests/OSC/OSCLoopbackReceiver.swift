import Foundation

@testable import Streaming

#if canImport(Glibc)
import Glibc
#endif

/// A UDP socket on 127.0.0.1 that takes what an ``OSCSender`` sends and decodes it (OSC 1.0:
/// address, type tags `f`, `i`, `s`). Loopback delivery is done when `sendto` returns, so
/// ``drain()`` sees every datagram sent before it, with no wait.
final class OSCLoopbackReceiver {
    /// A decoded argument: floats compare bit for bit (NaN equals NaN).
    enum Value: Equatable, CustomStringConvertible {
        case float(UInt32)
        case int(Int32)
        case string(String)

        static func f(_ value: Float) -> Value { .float(value.bitPattern) }
        var float: Float? { if case .float(let bits) = self { Float(bitPattern: bits) } else { nil } }
        var description: String {
            switch self {
            case .float(let bits): "\(Float(bitPattern: bits))"
            case .int(let value): "i\(value)"
            case .string(let value): "\"\(value)\""
            }
        }
    }

    /// One message received.
    struct Message: Equatable {
        var address: String
        var values: [Value]
    }

    private let fd: Int32
    /// The port bound.
    let port: UInt16

    init() throws {
        let fd = socket(AF_INET, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard fd >= 0, bound == 0 else {
            close(fd)
            throw POSIXError(.EADDRNOTAVAIL)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
        self.fd = fd
        port = UInt16(bigEndian: address.sin_port)
    }

    deinit { close(fd) }

    /// A sender to this receiver.
    func sender() throws -> OSCSender { try OSCSender(host: "127.0.0.1", port: port) }

    /// Every message received since the last drain, in order.
    func drain() -> [Message] {
        var messages: [Message] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = recv(fd, &buffer, buffer.count, Int32(MSG_DONTWAIT))
            guard n > 0 else { return messages }
            if let message = Self.decode(Array(buffer[0..<n])) { messages.append(message) }
        }
    }

    /// Decodes one OSC message; nil when it is not one.
    static func decode(_ bytes: [UInt8]) -> Message? {
        var at = 0
        func string() -> String? {
            guard let end = bytes[at...].firstIndex(of: 0) else { return nil }
            let text = String(decoding: bytes[at..<end], as: UTF8.self)
            at = (end + 4) & ~3
            return text
        }
        func word() -> UInt32? {
            guard at + 4 <= bytes.count else { return nil }
            defer { at += 4 }
            return bytes[at..<at + 4].reduce(0) { $0 << 8 | UInt32($1) }
        }
        guard let address = string(), let tags = string(), tags.first == "," else { return nil }
        var values: [Value] = []
        for tag in tags.dropFirst() {
            switch tag {
            case "f": guard let w = word() else { return nil }; values.append(.float(w))
            case "i": guard let w = word() else { return nil }; values.append(.int(Int32(bitPattern: w)))
            case "s": guard let s = string() else { return nil }; values.append(.string(s))
            default: return nil
            }
        }
        return Message(address: address, values: values)
    }
}
