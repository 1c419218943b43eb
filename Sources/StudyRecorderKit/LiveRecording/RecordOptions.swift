import Processing
import Storage

/// How ``Recorder/record(_:from:options:clock:)`` records and what it reports.
public struct RecordOptions: Sendable {
    /// The signal processor's settings (mains frequency, quality thresholds, band-power rate): the
    /// defaults are the study runner's; ``mains`` and ``bandPowerInterval`` are the client's to set.
    package var processing: ProcessorConfiguration
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
    package var writer: RecordingWriter.Options

    /// The mains frequency of the line-noise measures (default: whichever of 50 and 60 Hz carries
    /// more power, decided per reading).
    public var mains: MainsFrequency {
        get { processing.mains }
        set { processing.mains = newValue }
    }

    /// Seconds between band-power updates, the rate of both ``LiveRecordingEvent/bandPower(_:)`` and
    /// the stored band-power series (default 1; 0 or infinity: none).
    public var bandPowerInterval: Double {
        get { processing.bandPowerInterval }
        set { processing.bandPowerInterval = newValue }
    }

    /// Options; by default the mains frequency is detected, band power comes once a second,
    /// and quality and band power are stored in the recording's `/Quality` group as they are reported.
    public init(mains: MainsFrequency = .detect, storeQuality: Bool = true, reportsQuality: Bool = true, progressInterval: Double = 0.5) {
        self.init(processing: ProcessorConfiguration(mains: mains), storeQuality: storeQuality, reportsQuality: reportsQuality, progressInterval: progressInterval)
    }

    /// Options with the processor's and the writer's settings in full.
    package init(
        processing: ProcessorConfiguration, storeQuality: Bool = true, reportsQuality: Bool = true, progressInterval: Double = 0.5,
        writer: RecordingWriter.Options = .init()
    ) {
        self.processing = processing
        self.storeQuality = storeQuality
        self.reportsQuality = reportsQuality
        self.progressInterval = progressInterval
        self.writer = writer
    }
}
