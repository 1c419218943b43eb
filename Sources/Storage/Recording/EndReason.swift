/// The reasons a recording ends early, as stored: the one source of these English phrases, which
/// are written into a recording's outcome (``RecordingOutcome/incomplete(reason:)``, the HDF5
/// `EndReason` attribute, the catalog's `endReason`) and a trial table, and stay the same bytes in
/// every locale. The layers that end a recording take them from here (Storage's own recording, the
/// recording pipeline's quality monitor, the study runner, the CLI's `record`), and the layers that
/// show one translate it by the phrase (Study's `RuntimeStrings.reason(_:)`, the report's words).
/// Any other reason (a device's or the disk's own message) is stored as it came.
package enum EndReason {
    /// Ctrl-C during a study run (the run's task was cancelled).
    package static let participant = "interrupted by the participant"
    /// SIGINT or SIGTERM during `record`.
    package static let signal = "interrupted by signal"
    /// The source stopped delivering samples during a block.
    package static let deviceStopped = "the device stopped sending data"
    /// The source never delivered during preparation.
    package static let deviceDidNotStart = "the device did not start"
    /// The link was lost (for longer than the grace period, when the quality monitor decides).
    package static let deviceDisconnected = "device disconnected"
    /// The headband reported a low battery.
    package static let batteryLow = "battery low"
}
