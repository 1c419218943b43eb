/// A 48-bit Bluetooth device address such as `00:55:DA:B0:13:24`.
public struct BluetoothAddress: Hashable, Sendable, CustomStringConvertible {
    /// The six bytes in printed order (most significant first).
    public let bytes: [UInt8]

    /// Parses six colon-separated two-digit hex groups (any case); `nil` for anything else.
    public init?(_ text: String) {
        let groups = text.split(separator: ":", omittingEmptySubsequences: false)
        guard groups.count == 6 else { return nil }
        var out: [UInt8] = []
        for group in groups {
            guard group.count == 2, let byte = UInt8(group, radix: 16) else { return nil }
            out.append(byte)
        }
        bytes = out
    }

    /// An address from six bytes in little-endian (`bdaddr_t`, over-the-air) order; `nil` unless 6.
    public init?(littleEndian: some Collection<UInt8>) {
        guard littleEndian.count == 6 else { return nil }
        bytes = littleEndian.reversed()
    }

    /// The bytes reversed, as `bdaddr_t` and HCI events hold them.
    public var littleEndianBytes: [UInt8] { bytes.reversed() }

    /// `AA:BB:CC:DD:EE:FF`, upper case.
    public var description: String {
        bytes.map { hexByte($0).uppercased() }.joined(separator: ":")
    }
}
