/// One PPG notification of one PPG channel: a sequence number and six unsigned 24-bit samples.
///
/// Layout (20 bytes, big-endian): u16 sequence, then six uint24 raw counts (no physical unit; muselsl's
/// "mmHg" label is wrong). 64 Hz.
package struct PPGPacket: Sendable, Equatable {
    /// The packet sequence number.
    package var sequence: UInt16
    /// The six raw counts, oldest first.
    package var samples: [UInt32]

    /// Creates a packet from its fields.
    package init(sequence: UInt16, samples: [UInt32]) {
        self.sequence = sequence
        self.samples = samples
    }

    /// Decodes a notification; throws unless it is exactly 20 bytes.
    package init(payload: some Collection<UInt8>) throws(MuseProtocolError) {
        let bytes = try PayloadBytes(payload, packet: "PPG")
        let samples = (0..<MuseScale.ppgSamplesPerPacket).map { bytes.uint24(at: 2 + 3 * $0) }
        self.init(sequence: bytes.uint16(at: 0), samples: samples)
    }
}
