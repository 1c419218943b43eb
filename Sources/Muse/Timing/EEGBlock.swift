/// One 12-sample EEG block of every enabled channel, as assembled by ``EEGBlockAssembler``.
package struct EEGBlock: Sendable, Equatable {
    /// The block's position counted from the first block of the stream (0, 1, 2, …, gaps skip
    /// indices); the unwrapped packet counter minus that of the first block.
    package var blockIndex: Int64
    /// The raw 16-bit packet counter the headband sent.
    package var counter: UInt16
    /// Per enabled channel slot, the 12 raw codes, or `nil` when that channel's packet never arrived
    /// (the consumer writes NaN for it, never zeros).
    package var codes: [[UInt16]?]
    /// The earliest host receive time among the block's packets, in monotonic nanoseconds: the
    /// arrival closest to the block's true acquisition, which is what ``SampleClockFit`` needs.
    package var receivedAt: UInt64

    /// Creates a block from its fields.
    package init(blockIndex: Int64, counter: UInt16, codes: [[UInt16]?], receivedAt: UInt64) {
        self.blockIndex = blockIndex
        self.counter = counter
        self.codes = codes
        self.receivedAt = receivedAt
    }

    /// The sample index of the block's first sample, `blockIndex × 12`.
    package var firstSampleIndex: Int64 { blockIndex &* Int64(MuseScale.eegSamplesPerPacket) }

    /// The channel slots whose packet is missing, ascending.
    package var missingChannels: [Int] { codes.indices.filter { codes[$0] == nil } }

    /// Whether every enabled channel arrived.
    package var isComplete: Bool { !codes.contains { $0 == nil } }
}
