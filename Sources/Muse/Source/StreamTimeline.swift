import DataSources

/// Where one Muse stream's packets go in sample indices and time: its lower-envelope clock fit and,
/// after a reconnect, a new segment placed where the elapsed time puts it (never before what was
/// delivered), so the time away stays missing indices. EEG and the other streams share it; they
/// differ only in how they number packets (EEG blocks by the assembler, the others by their own
/// counters).
struct StreamTimeline {
    let samplesPerPacket: Int
    private var fit: SampleClockFit
    private var segmentFirst: Int64?
    private var base: Int64 = 0
    /// The index after the last sample placed.
    private(set) var next: Int64 = 0

    init(samplesPerPacket: Int, rate: Double) {
        self.samplesPerPacket = samplesPerPacket
        fit = SampleClockFit(nominalRate: rate)
    }

    /// The current line of the clock fit.
    var parameters: SampleClockParameters? { fit.parameters }

    /// Starts a new segment: the next packet's sequence is placed afresh.
    mutating func newSegment() { segmentFirst = nil }

    /// Places the packet with segment sequence `sequence` (consecutive packets differ by one) received
    /// at `receivedAt` (signal-time ns) and returns the times of its samples on the recording clock,
    /// with the index of its first sample; `nil` for a packet at or before what was placed already.
    mutating func place(sequence: Int64, receivedAt: UInt64, utc: (Double) -> Double) -> (first: Int64, times: [Double])? {
        let spp = Int64(samplesPerPacket)
        if segmentFirst == nil {
            segmentFirst = sequence
            var start = next
            if let p = fit.parameters, next > 0 {
                start = max(next, Int64(((Double(receivedAt) / 1e9 - p.offset) / p.secondsPerSample).rounded(.down)) - spp)
            }
            base = start
        }
        let first = base + (sequence - (segmentFirst ?? sequence)) * spp
        guard first >= next else { return nil }
        fit.add(sampleIndex: first, receivedAt: receivedAt)
        let times = (0..<samplesPerPacket).map { utc(fit.time(ofSample: first + Int64($0)) ?? Double(receivedAt) / 1e9) }
        next = first + spp
        return (first, times)
    }
}
