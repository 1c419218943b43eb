import DataSources

/// The datasets of one auxiliary stream of a recording, `/Streams/<name>/Data` (rows × channels, in
/// the stream's unit) and `/Streams/<name>/TimeStamp` (µs since the epoch, recording clock), with the
/// stream's descriptor as attributes. The rows come from a ``StreamRowBuffer``, gap rows included.
/// With `--clock lsl` the rows' LSL-clock times go to `/Streams/<name>/LSLTimeStamp` (float64 seconds).
final class StreamDatasets {
    let descriptor: StreamDescriptor
    private let group: HDF5Object
    private let data: AppendableDataset
    private let timestamp: AppendableDataset
    /// `LSLTimeStamp`, created with the first rows given an LSL time.
    private var lslTimestamp: AppendableDataset?
    private let chunkRows: Int
    private let deflateLevel: UInt32

    init(in streams: HDF5Object, descriptor: StreamDescriptor, deflateLevel: UInt32) throws {
        typealias F = RecordingFormat.Streams
        self.descriptor = descriptor
        group = try streams.createGroup(descriptor.name)
        let chunkRows = max(64, Int((descriptor.samplingRate * 10).rounded()))
        self.chunkRows = chunkRows
        self.deflateLevel = deflateLevel
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

    /// Appends rows handed over by the stream's buffer; with `lslTime` (a recording-clock time to
    /// LSL's clock) their LSL times too.
    func append(_ rows: StreamRowBuffer.Rows, lslTime: ((Double) -> Double)? = nil) throws {
        guard !rows.times.isEmpty else { return }
        try data.append(rows.values)
        try timestamp.append(rows.times)
        if let lslTime {
            let set: AppendableDataset
            if let existing = lslTimestamp {
                set = existing
            } else {
                set = try AppendableDataset(
                    in: group, name: RecordingFormat.Streams.lslTimeStamp, element: .double, columns: 0, chunkRows: chunkRows,
                    deflateLevel: deflateLevel)
                try set.object.setAttribute(RecordingFormat.Recording.DataAttribute.unit, RecordingFormat.Unit.lslSeconds)
                lslTimestamp = set
            }
            try set.append(rows.times.map { lslTime(Double($0) / 1_000_000) })
        }
    }

    /// Stores the stream's row counts and closes its datasets.
    func close(rows: Int64, gapRows: Int64) throws {
        try group.setAttribute(RecordingFormat.Streams.sampleCount, rows)
        try group.setAttribute(RecordingFormat.Streams.gapSampleCount, gapRows)
        try data.close()
        try timestamp.close()
        try lslTimestamp?.close()
        try group.close()
    }
}
