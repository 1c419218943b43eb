/// Stored samples that a ``ReplaySource`` can play back. The Storage module's recording reader
/// conforms; DataSources itself knows nothing of file formats.
package protocol RecordedSignal: Sendable {
    /// The stored device: streams, channel layout, rate and identity.
    var descriptor: DeviceDescriptor { get }
    /// How many EEG samples are stored (gap rows included).
    var sampleCount: Int64 { get }
    /// Reads up to `count` stored EEG samples starting at row `start`, with their original indices,
    /// times and markers. Rows that were gaps come back with `NaN` values.
    func readBlock(from start: Int64, count: Int) throws -> SampleBlock
}
