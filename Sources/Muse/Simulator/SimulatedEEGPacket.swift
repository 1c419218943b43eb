/// An EEG packet the simulator sent or deliberately dropped.
package struct SimulatedEEGPacket: Equatable, Sendable {
    /// The channel, 0 TP9 … 4 right AUX.
    package var channel: Int
    /// The 16-bit counter in the packet.
    package var counter: UInt16
    /// The unwrapped block sequence; its codes are `eegCode(channel:sampleIndex: sequence × 12 + k)`.
    package var sequence: Int64
    /// Which connection (1 first) it belongs to.
    package var connection: Int
    /// When it was written to the socket (CLOCK_MONOTONIC nanoseconds); 0 for a dropped packet. The
    /// latency benchmark measures from here to the sample block a ``DataController`` delivers.
    package var sentAt: UInt64
    /// When its last sample was taken (CLOCK_MONOTONIC nanoseconds): the true moment of sample
    /// `sequence × 12 + 11`; sample `k` was taken `(11 − k) / (256 × speed)` s earlier. The packet
    /// waits from here for the next BLE connection event (``sentAt``).
    package var takenAt: UInt64

    /// A packet record.
    package init(channel: Int, counter: UInt16, sequence: Int64, connection: Int, sentAt: UInt64 = 0, takenAt: UInt64 = 0) {
        self.channel = channel
        self.counter = counter
        self.sequence = sequence
        self.connection = connection
        self.sentAt = sentAt
        self.takenAt = takenAt
    }
}
