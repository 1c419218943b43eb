import DataSources
import RecordingPipeline
import Storage

/// A recording in progress, started by ``Recorder/record(_:from:options:clock:)``: its events, markers,
/// and how to end it.
///
/// ```swift
/// let recording = try await recorder.record(request, from: OscillatorSource())
/// for try await event in recording.events {
///     if case .qa(let status) = event, !status.passed { print("QA:", status.reason ?? "") }
///     if case .stored(let item) = event { print("stored", item.path) }
/// }
/// ```
public final class LiveRecording: Sendable {
    /// The catalog entry the recording will have (its path is final; state `writing` until stored).
    public let item: CatalogItem
    /// The recording's events, ending with ``LiveRecordingEvent/stored(_:)`` (or throwing a
    /// ``RecorderError``). Read it from one task; events queue until read.
    public let events: AsyncThrowingStream<LiveRecordingEvent, any Error>
    /// The controller the source runs under (for markers on the recording clock, device facts).
    package let controller: DataController
    private let recording: RecordingInProgress
    private let outcome: Task<CatalogItem, any Error>

    init(
        item: CatalogItem, events: AsyncThrowingStream<LiveRecordingEvent, any Error>, controller: DataController, recording: RecordingInProgress,
        outcome: Task<CatalogItem, any Error>
    ) {
        self.item = item
        self.events = events
        self.controller = controller
        self.recording = recording
        self.outcome = outcome
    }

    /// How far the recording has come.
    public var progress: RecordingProgress { recording.progress }

    /// Sets an event marker for `moment` on the recording clock (now when `nil`); it is stored on the
    /// EEG sample nearest that moment.
    @discardableResult
    public func mark(_ marker: Marker, at moment: Double? = nil) async -> MarkerTicket {
        await controller.mark(marker, at: moment)
    }

    /// Ends the recording early: what was recorded is stored with the outcome
    /// `.incomplete(reason: reason)` (``RecordingOutcome``).
    public func stop(reason: String = "stopped") {
        recording.stop(reason: reason)
    }

    /// Ends an open-ended recording (one without a planned duration) with the outcome `.complete`.
    public func finish() {
        recording.finish()
    }

    /// Waits until the recording is stored and returns its catalog entry (sealed when the data folder
    /// encrypts at rest) — the same item ``LiveRecordingEvent/stored(_:)`` carries.
    public func result() async throws -> CatalogItem {
        try await outcome.value
    }
}
