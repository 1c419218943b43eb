import DataSources

/// Turns instants of Swift's `ContinuousClock` (what the participant interface times key presses and
/// deadlines with) into moments on the recording clock (what markers and sample times use).
///
/// Both clocks run at the host's monotonic rate, so the difference between an instant and now is the
/// same on both: a moment is the recording clock now minus how long ago the instant was. At
/// `--speed N` the paced source stamps samples with the moments they are due, so this mapping holds
/// at every speed (see ``DataSources/OscillatorSource``).
struct RecordingClockReader: Sendable {
    /// The clock the controller reads.
    let clock: any HostClock
    /// The anchor of the current run (a fresh one when the controller has not started).
    let anchor: ClockAnchor

    init(controller: DataController, anchor: ClockAnchor?) {
        clock = controller.clock
        self.anchor = anchor ?? controller.clock.anchor()
    }

    /// The recording-clock moment (seconds since the epoch) of `instant`.
    func moment(of instant: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - instant
        let now = anchor.utc(fromMonotonic: clock.monotonicNow())
        return now - (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
    }
}
