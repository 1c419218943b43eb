import DataSources
import Processing
import Storage

/// Plugs the Processing module's streaming processor into a recording: quality and band-power
/// series go to the recording's `/Quality` group as they arise (docs/formats.md). Used by `record`
/// and by the study runner.
public struct QualitySeriesProducer: DerivedSeriesProducer {
    private var processor: SignalProcessor
    private let channelNames: [String]

    /// A producer for a source described by `info`.
    public init(info: SourceInfo, configuration: ProcessorConfiguration) {
        processor = SignalProcessor(info: info, configuration: configuration)
        channelNames = info.channelNames
    }

    public var group: String { "Quality" }

    public var groupAttributes: [String: MetadataValue] {
        QualitySeries.attributes(for: processor).mapValues { .string($0) }
    }

    public mutating func process(_ frames: [Frame]) -> [DerivedSeriesRow] {
        processor.process(frames).flatMap { update in
            QualitySeries.rows(for: update, channelNames: channelNames).map {
                DerivedSeriesRow(name: $0.name, time: $0.time, values: $0.values, columns: $0.columns)
            }
        }
    }
}
