/// One data block of a Muse S Athena packet: a sensor tag, its per-sensor block sequence number and
/// the data bytes, still undecoded (``AthenaSamples`` decodes them).
package struct AthenaBlock: Sendable, Equatable {
    /// The sensor and layout of the data.
    package var tag: AthenaTag
    /// The block sequence number, counted per sensor type, 0–255, wrapping.
    package var sequence: UInt8
    /// The data bytes (``AthenaTag/dataLength`` of them).
    package var data: [UInt8]

    /// Creates a block from its fields.
    package init(tag: AthenaTag, sequence: UInt8, data: [UInt8]) {
        self.tag = tag
        self.sequence = sequence
        self.data = data
    }
}
