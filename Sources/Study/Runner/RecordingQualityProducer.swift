import DataSources
import Processing
import Storage

/// The producer a study block records with: the session's one signal processor, handed over by the
/// ``QualityMonitor``, computes the block's quality and band-power series for its `/Quality` group
/// (docs/formats.md), and every result also becomes the monitor's readings, so what the runner
/// shows while a block records is what the block stores. The rows are those of Storage's
/// `QualitySeriesProducer` (both use `QualitySeries`); the difference is whose processor runs.
struct RecordingQualityProducer: DerivedSeriesProducer {
    let monitor: QualityMonitor
    /// The monitor's feed generation this recording's results belong to.
    let generation: Int
    private var channelNames: [String] = []

    init(monitor: QualityMonitor, generation: Int) {
        self.monitor = monitor
        self.generation = generation
    }

    var group: String { RecordingFormat.Quality.group }

    /// Restarts the processor for the recording (its series start with the recording, as a
    /// `QualitySeriesProducer`'s do).
    mutating func start(_ descriptor: DeviceDescriptor) {
        monitor.restartProcessor(descriptor)
        channelNames = descriptor.channelNames
    }

    var groupAttributes: [String: MetadataValue] { monitor.processorAttributes.mapValues { .string($0) } }

    mutating func process(_ block: SampleBlock) -> [DerivedSeriesRow] {
        monitor.process(block, generation: generation).flatMap { update in
            QualitySeries.rows(for: update, channelNames: channelNames).map {
                DerivedSeriesRow(name: $0.name, time: $0.time, values: $0.values, columns: $0.columns)
            }
        }
    }
}
