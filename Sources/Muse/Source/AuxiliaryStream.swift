import DataSources

/// A Muse stream other than EEG (accelerometer, gyroscope, PPG): its own 16-bit packet counter,
/// unwrapped, on its own ``StreamTimeline``.
struct AuxiliaryStream {
    let name: String
    private var counter = PacketCounter()
    private var timeline: StreamTimeline

    /// The bound on counter steps (``PacketAdvanceLimit``).
    let advanceLimit: PacketAdvanceLimit
    /// Packets dropped as corrupt over every segment (their counter jumped further than time allows).
    private(set) var corruptPackets = 0

    /// A stream of packets of `samplesPerPacket` samples at `rate` Hz; `slack` (ns of signal time)
    /// is the late arrival tolerated before a counter step counts as corrupt; signal time runs
    /// `timeScale` times faster than the recording clock.
    init(name: String, samplesPerPacket: Int, rate: Double, slack: UInt64, timeScale: Double) {
        self.name = name
        timeline = StreamTimeline(samplesPerPacket: samplesPerPacket, rate: rate, timeScale: timeScale)
        advanceLimit = PacketAdvanceLimit(packetPeriod: UInt64(Double(samplesPerPacket) / rate * 1e9), slack: slack)
    }

    /// Starts a new segment (after a reconnect the headband's counter may restart).
    mutating func newSegment() {
        counter = PacketCounter()
        timeline.newSegment()
    }

    /// The block of one packet, or `nil` for a late or duplicate packet.
    mutating func block(
        counter raw: UInt16, values: [Double], channels: Int, receivedAt: UInt64, utc: (Double) -> Double
    ) -> SampleBlock? {
        guard values.count == timeline.samplesPerPacket * channels else { return nil }
        guard let sequence = counter.unwrap(raw, at: receivedAt, limit: advanceLimit) else {
            corruptPackets += 1
            return nil
        }
        guard let placed = timeline.place(sequence: sequence, receivedAt: receivedAt, utc: utc) else { return nil }
        return SampleBlock(stream: name, firstIndex: placed.first, channelCount: channels, values: values, times: placed.times)
    }
}
