public import DataSources
public import Processing

/// Plugs the Processing module's streaming processor into a recording: quality and band-power
/// series go to the recording's `/Quality` group as they arise (docs/formats.md).
///
/// The processor runs inside the recording's writer, so every stored sample is processed exactly
/// once. A caller that also shows the results (a terminal view, an SDK client's QA callback) passes
/// `observer` and sees the very updates that are stored, instead of running a second processor.
public struct QualitySeriesProducer: DerivedSeriesProducer {
    /// What the observer receives: each processor update, and after an accelerometer block the
    /// newest motion judgement.
    public enum Observation: Sendable {
        /// The source started and the processor was sized for this device.
        case started(DeviceDescriptor)
        /// A quality, line-noise or band-power result, exactly as stored.
        case update(ProcessingUpdate)
        /// Whether the head moved in the newest one-second accelerometer window.
        case motion(Bool)
    }

    private let configuration: ProcessorConfiguration
    private let observer: (@Sendable (Observation) -> Void)?
    private let stores: Bool
    private var processor: SignalProcessor?
    private var channelNames: [String] = []

    /// A producer with the processor's settings; it sizes itself when the source starts. `observer`
    /// is called on the writer's task: it must return quickly (hand the value on, never wait). With
    /// `stores` false the results only go to the observer and nothing is written.
    public init(configuration: ProcessorConfiguration, stores: Bool = true, observer: (@Sendable (Observation) -> Void)? = nil) {
        self.configuration = configuration
        self.stores = stores
        self.observer = observer
    }

    public var group: String { RecordingFormat.Quality.group }

    /// The session's quality summary so far (`nil` before the source started).
    public var summary: SessionQualitySummary? { processor?.summary }

    public mutating func start(_ descriptor: DeviceDescriptor) {
        processor = SignalProcessor(descriptor: descriptor, configuration: configuration)
        channelNames = descriptor.channelNames
        observer?(.started(descriptor))
    }

    public var groupAttributes: [String: MetadataValue] {
        guard stores else { return [:] }
        return processor.map { QualitySeries.attributes(for: $0).mapValues { .string($0) } } ?? [:]
    }

    public mutating func process(_ block: SampleBlock) -> [DerivedSeriesRow] {
        guard var processor else { return [] }
        defer { self.processor = processor }
        let before = processor.summary.accelerometerWindows
        let updates = processor.process(block)
        if let observer {
            for update in updates { observer(.update(update)) }
            if processor.summary.accelerometerWindows != before, let moving = processor.moving { observer(.motion(moving)) }
        }
        guard stores else { return [] }
        return updates.flatMap { update in
            QualitySeries.rows(for: update, channelNames: channelNames).map {
                DerivedSeriesRow(name: $0.name, time: $0.time, values: $0.values, columns: $0.columns)
            }
        }
    }
}
