import DataSources

/// Turns readings of the run's host clock (what reaction-time trials take their onsets, deadlines and
/// key presses on) into moments on the recording clock (what markers and sample times use).
///
/// The data controller runs on the same host clock (``RecordingSessionRunner`` creates it on
/// ``RunnerOptions/hostClock``), and the recording clock is that clock's monotonic time shifted by
/// the controller's anchor, so a moment is the reading mapped through the anchor: exact, however late
/// the mapping is done. At `--speed N` the paced source stamps samples with the moments they are due
/// on the same clock, so this holds at every speed (see ``DataSources/OscillatorSource``).
struct RecordingClockReader: Sendable {
    /// The anchor of the current run (a fresh one when the controller has not started).
    let anchor: ClockAnchor

    /// The reader of `controller`'s recording clock, through `anchor` (the controller's current one).
    init(controller: DataController, anchor: ClockAnchor?) {
        self.anchor = anchor ?? controller.clock.anchor()
    }

    /// The recording-clock moment (seconds since the epoch) of the host clock's monotonic reading
    /// `monotonic`.
    func moment(of monotonic: Double) -> Double {
        anchor.utc(fromMonotonic: monotonic)
    }
}
