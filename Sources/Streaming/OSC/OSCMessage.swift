/// One Open Sound Control 1.0 message: an address and typed arguments, encoded as OSC specifies
/// (strings NUL-terminated and padded to 4 bytes, numbers big-endian).
package struct OSCMessage: Sendable, Equatable {
    /// One argument.
    package enum Argument: Sendable, Equatable {
        case float(Float)
        case int(Int32)
        case string(String)
    }

    /// The address, e.g. `/muse/eeg`.
    package var address: String
    /// The arguments, in order.
    package var arguments: [Argument]

    /// A message.
    package init(_ address: String, _ arguments: [Argument]) {
        self.address = address
        self.arguments = arguments
    }

    /// The message's bytes.
    package var encoded: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(address.utf8.count + 8 + arguments.count * 8)
        Self.appendString(address, to: &bytes)
        var tags = ","
        for argument in arguments {
            switch argument {
            case .float: tags += "f"
            case .int: tags += "i"
            case .string: tags += "s"
            }
        }
        Self.appendString(tags, to: &bytes)
        for argument in arguments {
            switch argument {
            case .float(let value): Self.appendBigEndian(value.bitPattern, to: &bytes)
            case .int(let value): Self.appendBigEndian(UInt32(bitPattern: value), to: &bytes)
            case .string(let value): Self.appendString(value, to: &bytes)
            }
        }
        return bytes
    }

    private static func appendString(_ text: String, to bytes: inout [UInt8]) {
        bytes += text.utf8.filter { $0 != 0 }
        bytes.append(0)
        while bytes.count % 4 != 0 { bytes.append(0) }
    }

    private static func appendBigEndian(_ value: UInt32, to bytes: inout [UInt8]) {
        bytes += [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }
}
