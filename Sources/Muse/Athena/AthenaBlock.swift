/// One data block of a Muse S Athena packet: a sensor tag, its per-sensor block sequence number and
/// the data bytes, still undecoded (``AthenaSamples`` decodes them).
public struct AthenaBlock: Sendable, Equatable {
    /// The sensor and layout of the data.
    public var tag: AthenaTag
    /// The block sequence number, counted per sensor type, 0–255, wrapping.
    public var sequence: UInt8
    /// The data bytes (``AthenaTag/dataLength`` of them).
    public var data: [UInt8]

    /// Creates a block from its fields.
    public init(tag: AthenaTag, sequence: UInt8, data: [UInt8]) {
        self.tag = tag
        self.sequence = sequence
        self.data = data
    }
}
