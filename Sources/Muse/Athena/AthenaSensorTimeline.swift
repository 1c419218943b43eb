/// Where one Athena sensor's blocks go: the block counter that unwraps the 8-bit block numbers (with
/// the device time deciding long losses) and the ``StreamTimeline`` that times the samples on the
/// recording clock. A lost block leaves its indices missing (NaN rows and a gap event when stored).
struct AthenaSensorTimeline {
    let samplesPerBlock: Int
    private var counter: AthenaBlockCounter
    /// A second counter for ``observe(sequence:deviceTime:receivedAt:)``, so priming leaves
    /// ``counter`` untouched for placing the same blocks afterwards.
    private var primer: AthenaBlockCounter
    private var timeline: StreamTimeline
    /// Blocks refused as duplicate or late.
    private(set) var refused = 0

    /// A sensor of `samplesPerBlock` samples per block at `rate` Hz.
    init(samplesPerBlock: Int, rate: Double) {
        self.samplesPerBlock = samplesPerBlock
        counter = AthenaBlockCounter(samplesPerBlock: samplesPerBlock, rate: rate)
        primer = counter
        timeline = StreamTimeline(samplesPerPacket: samplesPerBlock, rate: rate)
    }

    /// The clock fit's current line.
    var parameters: SampleClockParameters? { timeline.parameters }

    /// After a reconnect: numbering starts afresh, placed where the elapsed time puts it.
    mutating func newSegment() {
        counter.reset()
        timeline.newSegment()
    }

    /// Primes the clock fit with a block that will be placed later (``StreamTimeline/observe(sequence:receivedAt:)``).
    mutating func observe(sequence: UInt8, deviceTime: UInt32, receivedAt: UInt64) {
        guard let index = primer.unwrap(sequence, deviceTime: deviceTime) else { return }
        timeline.observe(sequence: index, receivedAt: receivedAt)
    }

    /// The first sample index and times of the block numbered `sequence` in a packet of device time
    /// `deviceTime` that arrived at `receivedAt` (signal-time ns); `nil` for a duplicate or late block
    /// (counted in ``refused``).
    mutating func place(sequence: UInt8, deviceTime: UInt32, receivedAt: UInt64, utc: (Double) -> Double) -> (first: Int64, times: [Double])? {
        guard let index = counter.unwrap(sequence, deviceTime: deviceTime),
            let placed = timeline.place(sequence: index, receivedAt: receivedAt, utc: utc)
        else {
            refused += 1
            return nil
        }
        return placed
    }
}
