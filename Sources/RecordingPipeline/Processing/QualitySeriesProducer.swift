public import DataSources
public import Processing
public import Storage

/// Plugs the Processing module's streaming processor into a recording: quality and band-power
/// series go to the recording's `/Quality` group as they arise (docs/formats.md). It lives in the
/// recording pipeline, not in Storage, so that Storage stores series without knowing the algorithms
/// (its ``DerivedSeriesProducer`` protocol is all it sees) and does not import Processing.
///
/// The processor runs inside the recording's writer, so every stored sample is processed exactly
/// once. A caller that also shows the results (a terminal view, an SDK client's QA callback) passes
/// `observer` and sees the very updates that are stored, instead of running a second processor.
///
/// The producer either makes its own processor (``init(configuration:stores:observer:)``) or runs
/// one that another part keeps and feeds while nothing records (``init(processor:stores:observer:)``:
/// the ``QualityMonitor`` both the kit's `Recorder.record` and the study runner record through,
/// which hands its processor to each recording and takes it back afterwards). Either way the
/// processor is restarted when the recording's source starts, so a recording's series are the same
/// rows whoever keeps the processor.
package struct QualitySeriesProducer: DerivedSeriesProducer {
    /// What the observer receives: each processor update, and after an accelerometer block the
    /// newest motion judgement.
    package enum Observation: Sendable {
        /// The source started and the processor was sized for this device.
        case started(DeviceDescriptor)
        /// A quality, line-noise or band-power result, exactly as stored.
        case update(ProcessingUpdate)
        /// Whether the head moved in the newest one-second accelerometer window.
        case motion(Bool)
    }

    /// The processor the recording's writer feeds (this producer's own, or a shared one).
    package let processor: SharedSignalProcessor
    private let observer: (@Sendable (Observation) -> Void)?
    private let stores: Bool
    private var channelNames: [String] = []
    /// The source index of the recording's first EEG row (the first block's), which the `Window`
    /// series counts rows from.
    private var firstSampleIndex: Int64?
    private var eegStream: String?
    /// The PPG or optics stream's beats and heart rate, analysed when the recording ends.
    private var pulse: PulseTracker?

    /// A producer with its own processor of the given settings; it sizes itself when the source
    /// starts. `observer` is called on the writer's task: it must return quickly (hand the value on,
    /// never wait). With `stores` false the results only go to the observer and nothing is written.
    package init(configuration: ProcessorConfiguration, stores: Bool = true, observer: (@Sendable (Observation) -> Void)? = nil) {
        self.init(processor: SharedSignalProcessor(configuration: configuration), stores: stores, observer: observer)
    }

    /// A producer that runs `processor`, which another part keeps: the recording restarts it when
    /// its source starts and feeds it every recorded block; afterwards the keeper may feed it on
    /// (it holds the recording's windows and averages). The keeper must not feed it while the
    /// recording does. `stores` and `observer` as in ``init(configuration:stores:observer:)``.
    package init(processor: SharedSignalProcessor, stores: Bool = true, observer: (@Sendable (Observation) -> Void)? = nil) {
        self.processor = processor
        self.stores = stores
        self.observer = observer
    }

    package var group: String { RecordingFormat.Quality.group }

    /// The session's quality summary so far (`nil` before the source started).
    package var summary: SessionQualitySummary? { processor.summary }

    package mutating func start(_ descriptor: DeviceDescriptor) {
        processor.restart(descriptor)
        channelNames = descriptor.channelNames
        eegStream = descriptor.eeg.name
        firstSampleIndex = nil
        pulse = stores ? PulseTracker(descriptor) : nil
        observer?(.started(descriptor))
    }

    package var groupAttributes: [String: MetadataValue] {
        guard stores else { return [:] }
        var attributes = processor.attributes.mapValues { MetadataValue.string($0) }
        if let pulse {
            attributes[HeartRateSeries.methodAttribute] = .string(HeartRateAnalyzer.method)
            attributes[HeartRateSeries.streamAttribute] = .string(pulse.stream.name)
        }
        return attributes
    }

    /// Hands the device's condition flips to the processor (its on-head state decides the windows).
    package mutating func take(_ change: DeviceStateChange) {
        processor.take(change)
    }

    package mutating func process(_ block: SampleBlock) -> [DerivedSeriesRow] {
        let (updates, moving) = processor.process(block)
        if let observer {
            for update in updates { observer(.update(update)) }
            if let moving { observer(.motion(moving)) }
        }
        guard stores else { return [] }
        pulse?.take(block)
        if firstSampleIndex == nil, block.stream == eegStream, !block.isEmpty { firstSampleIndex = block.firstIndex }
        let first = firstSampleIndex ?? 0
        return updates.flatMap { update in
            QualitySeries.rows(for: update, channelNames: channelNames, firstSampleIndex: first).map {
                DerivedSeriesRow(name: $0.name, time: $0.time, values: $0.values, columns: $0.columns)
            }
        }
    }

    /// The heart-rate series of the recording's PPG or optics stream (``HeartRateSeries``).
    package mutating func finish() -> [DerivedSeriesRow] {
        guard let pulse else { return [] }
        return HeartRateSeries.rows(pulse.finish()).map { DerivedSeriesRow(name: $0.name, time: $0.time, values: $0.values, columns: $0.columns) }
    }
}
