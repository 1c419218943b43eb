/// Where one Athena sensor's blocks go: the block counter that unwraps the 8-bit block numbers (with
/// the device time deciding long losses) and the ``StreamTimeline`` that times the samples on the
/// recording clock. A lost block leaves its indices missing (NaN rows and a gap event when stored); a
/// block whose number, device time and arrival disagree is left out and counted (``implausible``).
struct AthenaSensorTimeline {
    let samplesPerBlock: Int
    private var counter: AthenaBlockCounter
    /// A second counter for ``observe(sequence:deviceTime:receivedAt:)``, so priming leaves
    /// ``counter`` untouched for placing the same blocks afterwards.
    private var primer: AthenaBlockCounter
    private var timeline: StreamTimeline
    /// Blocks refused as duplicate or late.
    private(set) var refused = 0

    /// A sensor of `samplesPerBlock` samples per block at `rate` Hz of signal time, which runs
    /// `timeScale` times faster than the recording clock (a simulated headband at `--speed N`); a
    /// block may step at most as far as the arrival time since the last one allows, plus `slack`
    /// (signal-time ns) for a previous block that came late.
    init(samplesPerBlock: Int, rate: Double, timeScale: Double = 1, slack: UInt64 = 500_000_000) {
        self.samplesPerBlock = samplesPerBlock
        counter = AthenaBlockCounter(samplesPerBlock: samplesPerBlock, rate: rate, arrivalSlack: slack)
        primer = counter
        timeline = StreamTimeline(samplesPerPacket: samplesPerBlock, rate: rate, timeScale: timeScale)
    }

    /// Blocks left out as implausible (their number, device time and arrival disagree).
    var implausible: Int { counter.implausibleBlocks }

    /// The clock fit's current line.
    var parameters: SampleClockParameters? { timeline.parameters }

    /// After a reconnect: numbering starts afresh, placed where the elapsed time puts it.
    mutating func newSegment() {
        counter.reset()
        timeline.newSegment()
    }

    /// Primes the clock fit with a block that will be placed later (``StreamTimeline/observe(sequence:receivedAt:)``).
    mutating func observe(sequence: UInt8, deviceTime: UInt32, receivedAt: UInt64) {
        guard let index = primer.unwrap(sequence, deviceTime: deviceTime, receivedAt: receivedAt) else { return }
        timeline.observe(sequence: index, receivedAt: receivedAt)
    }

    /// The first sample index and times of the block numbered `sequence` in a packet of device time
    /// `deviceTime` that arrived at `receivedAt` (signal-time ns); `nil` for a duplicate or late block
    /// (counted in ``refused``) or an implausible one (counted in ``implausible``).
    mutating func place(sequence: UInt8, deviceTime: UInt32, receivedAt: UInt64, utc: (Double) -> Double) -> (first: Int64, times: [Double])? {
        let implausibleBefore = counter.implausibleBlocks
        guard let index = counter.unwrap(sequence, deviceTime: deviceTime, receivedAt: receivedAt) else {
            if counter.implausibleBlocks == implausibleBefore { refused += 1 }
            return nil
        }
        guard let placed = timeline.place(sequence: index, receivedAt: receivedAt, utc: utc)
        else {
            refused += 1
            return nil
        }
        return placed
    }
}
