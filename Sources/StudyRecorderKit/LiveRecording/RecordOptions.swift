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
    /// Compute quality and band power for the live events (``LiveRecordingEvent/quality(_:)``, QA,
    /// band power; default). With this and ``storeQuality`` both false no signal processing runs
    /// while recording: a caller that reads no quality event and stores none (`study-recorder record
    /// --no-quality`) does not pay for it.
    public var reportsQuality: Bool
    /// Seconds of signal between ``LiveRecordingEvent/progress(_:)`` events (default 0.5).
    public var progressInterval: Double
    /// The writer's settings (chunking, flush interval).
    public var writer: RecordingWriter.Options

    /// Options; by default the mains frequency is detected, band power comes once a second,
    /// and quality and band power are stored in the recording's `/Quality` group as they are reported.
    public init(
        processing: ProcessorConfiguration = ProcessorConfiguration(), storeQuality: Bool = true, reportsQuality: Bool = true,
        progressInterval: Double = 0.5, writer: RecordingWriter.Options = .init()
    ) {
        self.processing = processing
        self.storeQuality = storeQuality
        self.reportsQuality = reportsQuality
        self.progressInterval = progressInterval
        self.writer = writer
    }
}
