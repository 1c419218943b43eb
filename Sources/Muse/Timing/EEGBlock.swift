/// One 12-sample EEG block of every enabled channel, as assembled by ``EEGBlockAssembler``.
public struct EEGBlock: Sendable, Equatable {
    /// The block's position counted from the first block of the stream (0, 1, 2, …, gaps skip
    /// indices); the unwrapped packet counter minus that of the first block.
    public var blockIndex: Int64
    /// The raw 16-bit packet counter the headband sent.
    public var counter: UInt16
    /// Per enabled channel slot, the 12 raw codes, or `nil` when that channel's packet never arrived
    /// (the consumer writes NaN for it, never zeros).
    public var codes: [[UInt16]?]
    /// The earliest host receive time among the block's packets, in monotonic nanoseconds: the
    /// arrival closest to the block's true acquisition, which is what ``SampleClockFit`` needs.
    public var receivedAt: UInt64

    /// Creates a block from its fields.
    public init(blockIndex: Int64, counter: UInt16, codes: [[UInt16]?], receivedAt: UInt64) {
        self.blockIndex = blockIndex
        self.counter = counter
        self.codes = codes
        self.receivedAt = receivedAt
    }

    /// The sample index of the block's first sample, `blockIndex × 12`.
    public var firstSampleIndex: Int64 { blockIndex &* Int64(MuseScale.eegSamplesPerPacket) }

    /// The channel slots whose packet is missing, ascending.
    public var missingChannels: [Int] { codes.indices.filter { codes[$0] == nil } }

    /// Whether every enabled channel arrived.
    public var isComplete: Bool { !codes.contains { $0 == nil } }
}
