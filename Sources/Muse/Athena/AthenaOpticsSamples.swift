/// The optics samples of one Athena block: 4 channels × 3 samples (tag 0x34), 8 × 2 (0x35) or
/// 16 × 1 (0x36), 20-bit unsigned codes packed little-endian bit-first, sample-major.
package struct AthenaOpticsSamples: Sendable, Equatable {
    /// Channels per sample: 4, 8 or 16.
    package var channelCount: Int
    /// The codes, 0…1 048 575, sample-major: `codes[sample * channelCount + channel]`.
    package var codes: [UInt32]

    /// Samples per channel in this block.
    package var sampleCount: Int { channelCount == 0 ? 0 : codes.count / channelCount }

    /// Decodes an optics block; throws for a block of another sensor or of the wrong size.
    package init(block: AthenaBlock) throws(AthenaDecodeError) {
        let channels: Int
        let samples: Int
        switch block.tag {
        case .optics4: (channels, samples) = (4, 3)
        case .optics8: (channels, samples) = (8, 2)
        case .optics16: (channels, samples) = (16, 1)
        default: throw .wrongTag(block.tag)
        }
        let expected = block.tag.dataLength ?? 0
        guard block.data.count == expected else {
            throw .wrongDataLength(tag: block.tag, expected: expected, actual: block.data.count)
        }
        channelCount = channels
        codes = PackedBits.unpack(block.data, width: 20, count: channels * samples)
    }
}
