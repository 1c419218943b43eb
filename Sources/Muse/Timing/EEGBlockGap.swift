/// A run of EEG blocks that never arrived on any channel, reported by ``EEGBlockAssembler`` just before
/// the block that follows it, so the stream keeps correct sample indices (the consumer writes NaN rows
/// or a gap event, and never compresses time).
package struct EEGBlockGap: Sendable, Equatable {
    /// The index of the first lost block (see ``EEGBlock/blockIndex``).
    package var firstBlockIndex: Int64
    /// How many consecutive blocks are lost (≥ 1), 12 samples each.
    package var count: Int64

    /// Creates a gap from its fields.
    package init(firstBlockIndex: Int64, count: Int64) {
        self.firstBlockIndex = firstBlockIndex
        self.count = count
    }

    /// The sample index of the first lost sample.
    package var firstSampleIndex: Int64 { firstBlockIndex &* Int64(MuseScale.eegSamplesPerPacket) }

    /// The number of lost samples per channel.
    package var sampleCount: Int64 { count &* Int64(MuseScale.eegSamplesPerPacket) }
}
