import DataSources
import Processing
import Storage

/// Plugs the Processing module's streaming processor into a recording: quality and band-power
/// series go to the recording's `/Quality` group as they arise (docs/formats.md). Used by `record`
/// and by the study runner.
public struct QualitySeriesProducer: DerivedSeriesProducer {
    private let configuration: ProcessorConfiguration
    private var processor: SignalProcessor?
    private var channelNames: [String] = []

    /// A producer with the processor's settings; it sizes itself when the source starts.
    public init(configuration: ProcessorConfiguration) {
        self.configuration = configuration
    }

    public var group: String { "Quality" }

    public mutating func start(_ descriptor: DeviceDescriptor) {
        processor = SignalProcessor(descriptor: descriptor, configuration: configuration)
        channelNames = descriptor.channelNames
    }

    public var groupAttributes: [String: MetadataValue] {
        processor.map { QualitySeries.attributes(for: $0).mapValues { .string($0) } } ?? [:]
    }

    public mutating func process(_ block: SampleBlock) -> [DerivedSeriesRow] {
        guard var processor else { return [] }
        defer { self.processor = processor }
        return processor.process(block).flatMap { update in
            QualitySeries.rows(for: update, channelNames: channelNames).map {
                DerivedSeriesRow(name: $0.name, time: $0.time, values: $0.values, columns: $0.columns)
            }
        }
    }
}
