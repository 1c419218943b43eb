import Processing
import Storage

/// How ``Recorder/record(_:from:options:clock:)`` records and what it reports.
public struct RecordOptions: Sendable {
    /// The signal processor's settings: mains frequency, quality thresholds, and the band-power
    /// rate (``ProcessorConfiguration/bandPowerInterval``), which is both the rate of
    /// ``LiveRecordingEvent/bandPower(_:)`` and of the stored band-power series.
    public var processing: ProcessorConfiguration
    /// Store quality and band power in the recording's `/Quality` group (default). Without it the
    /// processor still runs for the live events, and nothing of it is stored.
    public var storeQuality: Bool
    /// Seconds of signal between ``LiveRecordingEvent/progress(_:)`` events (default 0.5).
    public var progressInterval: Double
    /// The writer's settings (chunking, flush interval).
    public var writer: RecordingWriter.Options

    /// Options; by default the mains frequency is detected, band power comes once a second,
    /// and quality and band power are stored in the recording's `/Quality` group as they are reported.
    public init(
        processing: ProcessorConfiguration = ProcessorConfiguration(), storeQuality: Bool = true, progressInterval: Double = 0.5,
        writer: RecordingWriter.Options = .init()
    ) {
        self.processing = processing
        self.storeQuality = storeQuality
        self.progressInterval = progressInterval
        self.writer = writer
    }
}
