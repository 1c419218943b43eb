import Processing
import Storage

/// How ``Recorder/record(_:from:options:)`` records and what it reports.
public struct RecordOptions: Sendable {
    /// The signal processor's settings: mains frequency, quality thresholds, and the band-power
    /// rate (``ProcessorConfiguration/bandPowerInterval``), which is both the rate of
    /// ``SessionEvent/bandPower(_:)`` and of the stored band-power series.
    public var processing: ProcessorConfiguration
    /// Seconds of signal between ``SessionEvent/progress(_:)`` events (default 0.5).
    public var progressInterval: Double
    /// The writer's settings (chunking, flush interval).
    public var writer: RecordingWriter.Options

    /// Options; by default the mains frequency is detected, band power comes once a second,
    /// and quality and band power are stored in the recording's `/Quality` group as they are reported.
    public init(
        processing: ProcessorConfiguration = ProcessorConfiguration(), progressInterval: Double = 0.5,
        writer: RecordingWriter.Options = .init()
    ) {
        self.processing = processing
        self.progressInterval = progressInterval
        self.writer = writer
    }
}
