/// Reads little-endian fields from received bytes, throwing instead of trapping when the bytes run
/// out, so no malformed packet can crash a decoder.
struct ByteReader {
    private let bytes: [UInt8]
    private var position: Int
    private let opcode: UInt8?

    /// A reader over `bytes`, starting at `offset`; errors name `opcode`.
    init(_ bytes: [UInt8], offset: Int = 0, opcode: UInt8? = nil) {
        self.bytes = bytes
        self.position = min(max(offset, 0), bytes.count)
        self.opcode = opcode
    }

    /// How many bytes are left.
    var remaining: Int { bytes.count - position }

    /// The next byte.
    mutating func u8() throws(ATTError) -> UInt8 {
        guard remaining >= 1 else { throw truncated("1 byte") }
        defer { position += 1 }
        return bytes[position]
    }

    /// The next little-endian 16-bit value.
    mutating func u16() throws(ATTError) -> UInt16 {
        guard remaining >= 2 else { throw truncated("2 bytes") }
        defer { position += 2 }
        return UInt16(bytes[position]) | UInt16(bytes[position + 1]) << 8
    }

    /// The next `count` bytes.
    mutating func take(_ count: Int) throws(ATTError) -> [UInt8] {
        guard count >= 0, remaining >= count else { throw truncated("\(count) bytes") }
        defer { position += count }
        return Array(bytes[position..<(position + count)])
    }

    /// All bytes left.
    mutating func rest() -> [UInt8] {
        defer { position = bytes.count }
        return Array(bytes[position...])
    }

    /// A 2- or 16-byte UUID in wire form.
    mutating func uuid(_ count: Int) throws(ATTError) -> BluetoothUUID {
        let raw = try take(count)
        guard let uuid = BluetoothUUID(wire: raw) else { throw malformed("UUID of \(count) bytes") }
        return uuid
    }

    /// Throws unless every byte was consumed.
    func expectEnd() throws(ATTError) {
        guard remaining == 0 else { throw malformed("\(remaining) trailing bytes") }
    }

    /// An error for this reader's opcode.
    func malformed(_ reason: String) -> ATTError { .malformedPDU(opcode: opcode, reason: reason) }

    private func truncated(_ wanted: String) -> ATTError {
        .malformedPDU(opcode: opcode, reason: "truncated: wanted \(wanted) at offset \(position) of \(bytes.count)")
    }
}
