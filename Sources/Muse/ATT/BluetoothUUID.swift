/// A Bluetooth attribute type or service/characteristic identifier: either a 16-bit assigned number or
/// a full 128-bit UUID.
///
/// 16-bit values stand for `0000xxxx-0000-1000-8000-00805f9b34fb` (the Bluetooth base UUID), so two
/// values compare equal whichever form they were written in. On the wire ATT sends both forms
/// little-endian: `273e0003-4c4d-454d-96be-f03bac821358` travels as
/// `58 13 82 ac 3b f0 be 96 4d 45 4d 4c 03 00 3e 27`.
package struct BluetoothUUID: Hashable, Sendable, CustomStringConvertible {
    /// The 16 bytes in canonical (big-endian, as printed) order.
    package let bytes: [UInt8]

    /// The Bluetooth base UUID with a zero 16-bit field.
    static let baseBytes: [UInt8] = [
        0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x10, 0x00, 0x80, 0x00, 0x00, 0x80, 0x5f, 0x9b, 0x34, 0xfb,
    ]

    /// A 16-bit assigned number such as `0x2800` (primary service) or `0xFE8D` (InteraXon).
    package init(_ short: UInt16) {
        var b = Self.baseBytes
        b[2] = UInt8(short >> 8)
        b[3] = UInt8(short & 0xFF)
        bytes = b
    }

    /// A UUID from 16 bytes the caller has checked.
    private init(checked: [UInt8]) {
        bytes = checked
    }

    /// A UUID from its 16 canonical bytes; `nil` unless there are exactly 16.
    package init?(canonicalBytes: [UInt8]) {
        guard canonicalBytes.count == 16 else { return nil }
        bytes = canonicalBytes
    }

    /// Parses `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx` (any case) or a 4-digit 16-bit form such as `2902`;
    /// `nil` for anything else.
    package init?(_ text: String) {
        let hex = text.filter { $0 != "-" }
        if hex.count == 4, text.count == 4, let short = UInt16(hex, radix: 16) {
            self.init(short)
            return
        }
        guard text.count == 36, hex.count == 32 else { return nil }
        let dashes = text.enumerated().filter { $0.element == "-" }.map(\.offset)
        guard dashes == [8, 13, 18, 23] else { return nil }
        var out: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            guard let byte = UInt8(hex[index..<next], radix: 16) else { return nil }
            out.append(byte)
            index = next
        }
        self.init(checked: out)
    }

    /// Decodes the little-endian wire form: 2 bytes (16-bit) or 16 bytes (128-bit); `nil` otherwise.
    package init?(wire: some Collection<UInt8>) {
        let w = Array(wire)
        switch w.count {
        case 2: self.init(UInt16(w[0]) | UInt16(w[1]) << 8)
        case 16: self.init(checked: w.reversed())
        default: return nil
        }
    }

    /// The 16-bit assigned number if this UUID lies in the Bluetooth base range, else `nil`.
    package var shortValue: UInt16? {
        for i in 0..<16 where i != 2 && i != 3 && bytes[i] != Self.baseBytes[i] { return nil }
        return UInt16(bytes[2]) << 8 | UInt16(bytes[3])
    }

    /// The shortest wire form: 2 bytes for base-range UUIDs, otherwise 16, little-endian.
    package var wire: [UInt8] {
        if let short = shortValue { return [UInt8(short & 0xFF), UInt8(short >> 8)] }
        return bytes.reversed()
    }

    /// The 16-byte little-endian wire form, also for base-range UUIDs.
    package var wire128: [UInt8] { bytes.reversed() }

    /// The canonical lowercase string, e.g. `0000fe8d-0000-1000-8000-00805f9b34fb`.
    package var description: String {
        var s = ""
        for (i, b) in bytes.enumerated() {
            if i == 4 || i == 6 || i == 8 || i == 10 { s += "-" }
            s += hexByte(b)
        }
        return s
    }
}

extension BluetoothUUID {
    /// GATT primary service declaration (0x2800).
    package static let primaryService = BluetoothUUID(0x2800)
    /// GATT secondary service declaration (0x2801).
    package static let secondaryService = BluetoothUUID(0x2801)
    /// GATT characteristic declaration (0x2803).
    package static let characteristicDeclaration = BluetoothUUID(0x2803)
    /// Client Characteristic Configuration Descriptor (0x2902): switches notifications on and off.
    package static let clientCharacteristicConfiguration = BluetoothUUID(0x2902)
}
