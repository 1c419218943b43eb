import DataSources

/// A Muse stream other than EEG (accelerometer, gyroscope, PPG): its own 16-bit packet counter,
/// unwrapped, on its own ``StreamTimeline``.
struct AuxiliaryStream {
    let name: String
    private var counter = PacketCounter()
    private var timeline: StreamTimeline

    init(name: String, samplesPerPacket: Int, rate: Double) {
        self.name = name
        timeline = StreamTimeline(samplesPerPacket: samplesPerPacket, rate: rate)
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
        guard values.count == timeline.samplesPerPacket * channels,
            let placed = timeline.place(sequence: counter.unwrap(raw), receivedAt: receivedAt, utc: utc)
        else { return nil }
        return SampleBlock(stream: name, firstIndex: placed.first, channelCount: channels, values: values, times: placed.times)
    }
}
