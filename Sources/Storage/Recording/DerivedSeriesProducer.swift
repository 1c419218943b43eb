public import DataSources

/// One row of a derived time series for ``RecordingWriter/appendSeries(group:name:time:values:columns:)``.
package struct DerivedSeriesRow: Sendable, Equatable {
    /// The dataset name inside the group.
    package var name: String
    /// Seconds since the Unix epoch, on the recording clock.
    package var time: Double
    /// The row's values.
    package var values: [Double]
    /// The column names (stored with the first row).
    package var columns: [String]

    /// Creates a row.
    package init(name: String, time: Double, values: [Double], columns: [String]) {
        self.name = name
        self.time = time
        self.values = values
        self.columns = columns
    }
}

/// Computes derived series (signal quality, band power) from the samples a ``RecordingInProgress``
/// records, so they are stored in the same file as they arise. Storage knows nothing of the
/// algorithms (it does not import Processing): the recording pipeline's `QualitySeriesProducer`
/// plugs in the Processing module's streaming processor.
package protocol DerivedSeriesProducer: Sendable {
    /// The group the series are stored in, e.g. `Quality`.
    var group: String { get }
    /// Sizes the producer for the device that started; called once, before any block.
    mutating func start(_ descriptor: DeviceDescriptor)
    /// Attributes set on the group when the recording starts (method parameters); read after
    /// ``start(_:)``.
    var groupAttributes: [String: MetadataValue] { get }
    /// The rows that the next recorded block completes (blocks of every stream arrive here; a
    /// producer picks the ones it needs).
    mutating func process(_ block: SampleBlock) -> [DerivedSeriesRow]
    /// Takes a device condition flip, in order with the blocks (the on-head state decides quality
    /// windows); the default ignores it.
    mutating func take(_ change: DeviceStateChange)
    /// The rows that need the whole recording (heart rate), when the source has ended and before the
    /// file is finished; the default has none.
    mutating func finish() -> [DerivedSeriesRow]
}

extension DerivedSeriesProducer {
    /// Ignores device conditions.
    package mutating func take(_ change: DeviceStateChange) {}
    /// No rows at the end.
    package mutating func finish() -> [DerivedSeriesRow] { [] }
}
