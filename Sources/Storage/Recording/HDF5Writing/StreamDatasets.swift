import DataSources

/// The datasets of one auxiliary stream of a recording, `/Streams/<name>/Data` (rows × channels, in
/// the stream's unit) and `/Streams/<name>/TimeStamp` (µs since the epoch, recording clock), with the
/// stream's descriptor as attributes. The rows come from a ``StreamRowBuffer``, gap rows included.
final class StreamDatasets {
    let descriptor: StreamDescriptor
    private let group: HDF5Object
    private let data: AppendableDataset
    private let timestamp: AppendableDataset

    init(in streams: HDF5Object, descriptor: StreamDescriptor, deflateLevel: UInt32) throws {
        typealias F = RecordingFormat.Streams
        self.descriptor = descriptor
        group = try streams.createGroup(descriptor.name)
        let chunkRows = max(64, Int((descriptor.samplingRate * 10).rounded()))
        data = try AppendableDataset(
            in: group, name: F.data, element: .double, columns: max(1, descriptor.channelCount), chunkRows: chunkRows, deflateLevel: deflateLevel)
        timestamp = try AppendableDataset(in: group, name: F.timeStamp, element: .int64, columns: 0, chunkRows: chunkRows, deflateLevel: deflateLevel)
        try group.setAttribute(F.kind, descriptor.kind.rawValue)
        try group.setAttribute(F.channelNames, descriptor.channelLabels)
        try group.setAttribute(F.unit, descriptor.unit)
        try group.setAttribute(F.samplingRate, descriptor.samplingRate)
        try data.object.setAttribute(RecordingFormat.Recording.DataAttribute.unit, descriptor.unit)
        try timestamp.object.setAttribute(RecordingFormat.Recording.DataAttribute.unit, RecordingFormat.Unit.microsecondsSinceEpoch)
    }

    /// Appends rows handed over by the stream's buffer.
    func append(_ rows: StreamRowBuffer.Rows) throws {
        guard !rows.times.isEmpty else { return }
        try data.append(rows.values)
        try timestamp.append(rows.times)
    }

    /// Stores the stream's row counts and closes its datasets.
    func close(rows: Int64, gapRows: Int64) throws {
        try group.setAttribute(RecordingFormat.Streams.sampleCount, rows)
        try group.setAttribute(RecordingFormat.Streams.gapSampleCount, gapRows)
        try data.close()
        try timestamp.close()
        try group.close()
    }
}
