/// The battery charge of one Athena block: tag 0x98 (older firmware) or 0x88 (newer firmware), whose
/// first two bytes are the charge as unsigned 16-bit little-endian in 1/256 %. The remaining bytes are
/// not understood.
package struct AthenaBatteryReading: Sendable, Equatable {
    /// The raw charge count.
    package var count: UInt16

    /// The charge in percent, `count / 256`.
    package var percent: Double { Double(count) * AthenaScale.batteryPercentPerCount }

    /// Decodes a battery block; throws for a block of another sensor or shorter than 2 bytes.
    package init(block: AthenaBlock) throws(AthenaDecodeError) {
        guard block.tag == .battery || block.tag == .batteryStatus else { throw .wrongTag(block.tag) }
        guard block.data.count >= 2 else {
            throw .wrongDataLength(tag: block.tag, expected: block.tag.minimumDataLength, actual: block.data.count)
        }
        count = UInt16(block.data[0]) | UInt16(block.data[1]) << 8
    }
}
