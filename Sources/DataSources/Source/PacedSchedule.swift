/// When the samples of a paced synthetic source (oscillator, replay) are due on the host clock, and
/// the shift that keeps their times true when the source runs late.
///
/// Lateness up to one block of samples is the ordinary jitter of waking up and is not shifted, so
/// a source that keeps its pace stamps sample *n* exactly `n × secondsPerSample` after the start. At
/// real time nothing is shifted: a simulated device took its samples when they were due, however late
/// they are delivered (as a headband's arrive late over Bluetooth), so the signal keeps real time.
///
/// Sample *n* is due `n × secondsPerSample` after the start. A source that is held back (a lossless
/// consumer falling behind, a loaded machine) delivers later than due; it then stamps its samples
/// with when they really became available (every later time shifted by the accumulated delay, once it
/// is late by more than a block), as a
/// device's samples carry the moment they were taken. So a sample's time is never in the future and
/// never far behind its delivery, at any speed: a moment taken by the study runner lands on the sample
/// delivered at that moment, the sample the runner paced its phases by.
struct PacedSchedule {
    /// Monotonic seconds when sample 0 was due.
    let begin: Double
    /// Real seconds per sample: `1 / samplingRate` at real time, `1 / (samplingRate × N)` at speed N.
    let secondsPerSample: Double
    /// How late the source may wake before its times are shifted: one block.
    let tolerance: Double
    /// Seconds the source has fallen behind so far, added to every time from then on.
    private(set) var delay = 0.0

    /// A schedule from `begin`; `shiftsWhenLate` is false at real time.
    init(begin: Double, secondsPerSample: Double, blockSize: Int, shiftsWhenLate: Bool) {
        self.begin = begin
        self.secondsPerSample = secondsPerSample
        tolerance = shiftsWhenLate ? secondsPerSample * Double(max(1, blockSize)) : .infinity
    }

    /// Sleeps until the samples before `next` are due and returns the shift to add to their times
    /// (grown by how late the source woke, when that is more than ``tolerance``).
    mutating func wait(untilIndex next: Int64, on clock: any HostClock) async throws -> Double {
        let due = begin + delay + Double(next) * secondsPerSample
        try await clock.sleep(untilMonotonic: due)
        let late = clock.monotonicNow() - due
        if late > tolerance { delay += late }
        return delay
    }
}
