/// Why part of a Muse S Athena notification could not be decoded. Every case is counted and reported
/// (never a trap, never a guessed value).
package enum AthenaDecodeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A packet's length byte is below the 14-byte header or beyond the bytes left in the notification.
    case invalidPacketLength(declared: Int, available: Int)
    /// A block tag of unknown size ended the parse of its packet.
    case unknownTag(UInt8)
    /// A block of a known tag ran past the end of its packet.
    case truncatedBlock(AthenaTag)
    /// A block's data had the wrong size for its tag (only when decoding a hand-made block).
    case wrongDataLength(tag: AthenaTag, expected: Int, actual: Int)
    /// The block is not of the sensor the decoder reads (e.g. an optics block handed to the EEG decoder).
    case wrongTag(AthenaTag)

    package var description: String {
        switch self {
        case .invalidPacketLength(let declared, let available):
            "packet length \(declared) is invalid with \(available) bytes left"
        case .unknownTag(let tag): "unknown block tag 0x\(String(tag, radix: 16))"
        case .truncatedBlock(let tag): "block 0x\(String(tag.rawValue, radix: 16)) runs past its packet"
        case .wrongDataLength(let tag, let expected, let actual):
            "block 0x\(String(tag.rawValue, radix: 16)) has \(actual) data bytes, expected \(expected)"
        case .wrongTag(let tag): "block 0x\(String(tag.rawValue, radix: 16)) is not of this sensor"
        }
    }
}
