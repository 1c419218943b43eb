import DataSources

/// Indexing and timing of a Muse stream other than EEG (accelerometer, gyroscope, PPG): its own
/// 16-bit packet counter unwrapped, its own lower-envelope clock fit, and, after a reconnect, a new
/// segment placed where the elapsed time puts it, so time away stays missing indices.
struct AuxiliaryStream {
    let name: String
    let samplesPerPacket: Int
    private var counter = PacketCounter()
    private var fit: SampleClockFit
    private var segmentFirst: Int64?
    private var base: Int64 = 0
    private var next: Int64 = 0

    init(name: String, samplesPerPacket: Int, rate: Double) {
        self.name = name
        self.samplesPerPacket = samplesPerPacket
        fit = SampleClockFit(nominalRate: rate)
    }

    /// Starts a new segment (after a reconnect the headband's counter may restart).
    mutating func newSegment() {
        counter = PacketCounter()
        segmentFirst = nil
    }

    /// The block of one packet, or `nil` for a late or duplicate packet.
    mutating func block(
        counter raw: UInt16, values: [Double], channels: Int, receivedAt: UInt64, utc: (Double) -> Double
    ) -> SampleBlock? {
        let spp = Int64(samplesPerPacket)
        let unwrapped = counter.unwrap(raw)
        if segmentFirst == nil {
            segmentFirst = unwrapped
            var start = next
            if let p = fit.parameters, next > 0 {
                start = max(next, Int64(((Double(receivedAt) / 1e9 - p.offset) / p.secondsPerSample).rounded(.down)) - spp)
            }
            base = start
        }
        let first = base + (unwrapped - (segmentFirst ?? unwrapped)) * spp
        guard first >= next, values.count == samplesPerPacket * channels else { return nil }
        fit.add(sampleIndex: first, receivedAt: receivedAt)
        let times = (0..<samplesPerPacket).map { utc(fit.time(ofSample: first + Int64($0)) ?? Double(receivedAt) / 1e9) }
        next = first + spp
        return SampleBlock(stream: name, firstIndex: first, channelCount: channels, values: values, times: times)
    }
}
