/// The EEG samples of one Athena block: 4 channels × 4 samples (tag 0x11) or 8 channels × 2 samples
/// (tag 0x12), 14-bit unsigned codes packed little-endian bit-first, sample-major (sample 0 channel 0,
/// sample 0 channel 1, …).
package struct AthenaEEGSamples: Sendable, Equatable {
    /// Channels per sample: 4 or 8. The order is TP9, AF7, AF8, TP10, then the extra channels.
    package var channelCount: Int
    /// The codes, 0…16383, sample-major: `codes[sample * channelCount + channel]`.
    package var codes: [UInt16]

    /// Samples per channel in this block.
    package var sampleCount: Int { channelCount == 0 ? 0 : codes.count / channelCount }

    /// Decodes an EEG block; throws for a block of another sensor or of the wrong size.
    package init(block: AthenaBlock) throws(AthenaDecodeError) {
        let channels: Int
        switch block.tag {
        case .eeg4: channels = 4
        case .eeg8: channels = 8
        default: throw .wrongTag(block.tag)
        }
        guard block.data.count == 28 else {
            throw .wrongDataLength(tag: block.tag, expected: 28, actual: block.data.count)
        }
        channelCount = channels
        codes = PackedBits.unpack(block.data, width: 14, count: 16).map { UInt16(truncatingIfNeeded: $0) }
    }

    /// The code of `channel` at `sample`.
    package func code(sample: Int, channel: Int) -> UInt16 { codes[sample * channelCount + channel] }

    /// Converts a code to µV: `(code − 8192) × 1450 / 16383` (``AthenaScale``).
    package static func microvolts(code: UInt16) -> Double {
        (Double(code) - Double(AthenaScale.eegZeroCode)) * AthenaScale.eegMicrovoltsPerCode
    }
}
