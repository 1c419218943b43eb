import DataSources

/// The datasets of one auxiliary stream of a recording, `/Streams/<name>/Data` (rows × channels, in
/// the stream's unit) and `/Streams/<name>/TimeStamp` (µs since the epoch, recording clock), with the
/// stream's descriptor as attributes. Lost samples (a jump in the stream's index) become `NaN` rows,
/// so row *k* is always sample *k* of the stream.
final class StreamDatasets {
    let descriptor: StreamDescriptor
    private let group: HDF5Object
    private let data: AppendableDataset
    private let timestamp: AppendableDataset
    /// `LSLTimeStamp` (float64 seconds on LSL's clock), from the first flush given an LSL time.
    private var lslTimestamp: AppendableDataset?
    private let chunkRows: Int
    private let deflateLevel: UInt32
    private(set) var nextIndex: Int64?
    private(set) var rows: Int64 = 0
    private(set) var gapRows: Int64 = 0
    private var values: [Double] = []
    private var times: [Int64] = []
    /// The time of the last row received (not filled), for spreading the times of a gap after it.
    private var lastTimeMicros: Int64?

    init(in streams: HDF5Object, descriptor: StreamDescriptor, deflateLevel: UInt32) throws {
        self.descriptor = descriptor
        group = try streams.createGroup(descriptor.name)
        let chunkRows = max(64, Int((descriptor.samplingRate * 10).rounded()))
        self.chunkRows = chunkRows
        self.deflateLevel = deflateLevel
        data = try AppendableDataset(
            in: group, name: "Data", element: .double, columns: max(1, descriptor.channelCount), chunkRows: chunkRows, deflateLevel: deflateLevel)
        timestamp = try AppendableDataset(in: group, name: "TimeStamp", element: .int64, columns: 0, chunkRows: chunkRows, deflateLevel: deflateLevel)
        try group.setAttribute("Kind", descriptor.kind.rawValue)
        try group.setAttribute("ChannelNames", descriptor.channelLabels)
        try group.setAttribute("Unit", descriptor.unit)
        try group.setAttribute("SamplingRate", descriptor.samplingRate)
        try data.object.setAttribute("unit", descriptor.unit)
        try timestamp.object.setAttribute("unit", "microseconds since 1970-01-01T00:00:00Z")
    }

    /// Buffers rows starting at stream index `first`; returns the number of gap rows inserted.
    @discardableResult
    func append(firstIndex first: Int64, timesMicros: [Int64], values newValues: [Double], channels: Int) -> Int64 {
        let width = max(1, descriptor.channelCount)
        var inserted: Int64 = 0
        for r in 0..<timesMicros.count {
            let index = first + Int64(r)
            if let expected = nextIndex {
                if index < expected { continue }
                if index > expected {
                    // Cap at one hour of rows so a corrupt index cannot allocate without bound; the
                    // rows' times follow ``GapTiming``.
                    let missing = min(index - expected, Int64(max(1, descriptor.samplingRate) * 3600))
                    let nominal = descriptor.samplingRate > 0 ? 1_000_000 / descriptor.samplingRate : 0
                    let last = lastTimeMicros ?? timesMicros[r]
                    let step = GapTiming.spacing(
                        after: lastTimeMicros.map(Double.init), before: Double(timesMicros[r]), missing: missing, nominal: nominal)
                    for k in 0..<missing {
                        times.append(last + Int64((Double(k + 1) * step).rounded()))
                        values.append(contentsOf: repeatElement(Double.nan, count: width))
                    }
                    rows += missing
                    gapRows += missing
                    inserted += missing
                }
            }
            times.append(timesMicros[r])
            lastTimeMicros = timesMicros[r]
            for c in 0..<width { values.append(c < channels ? newValues[r * channels + c] : .nan) }
            rows += 1
            nextIndex = index + 1
        }
        return inserted
    }

    /// Whether rows wait to be written.
    var hasPending: Bool { !times.isEmpty }

    /// The buffered rows (gap rows included) as one journal record, so the journal and the file are
    /// written from the same buffer.
    var pendingRows: RecordingJournal.Record? {
        guard !times.isEmpty, let next = nextIndex else { return nil }
        return .streamRows(
            stream: descriptor.name, firstIndex: next - Int64(times.count), timestampsMicros: times, values: values,
            channels: max(1, descriptor.channelCount))
    }

    /// Writes the buffered rows; with `lslTime` (a recording-clock time to LSL's clock) their LSL
    /// times too, in `LSLTimeStamp`.
    func flush(lslTime: ((Double) -> Double)? = nil) throws {
        guard !times.isEmpty else { return }
        try data.append(values)
        try timestamp.append(times)
        if let lslTime {
            if lslTimestamp == nil {
                let set = try AppendableDataset(in: group, name: "LSLTimeStamp", element: .double, columns: 0, chunkRows: chunkRows, deflateLevel: deflateLevel)
                try set.object.setAttribute("unit", "seconds (lsl_local_clock)")
                lslTimestamp = set
            }
            try lslTimestamp?.append(times.map { lslTime(Double($0) / 1_000_000) })
        }
        values.removeAll(keepingCapacity: true)
        times.removeAll(keepingCapacity: true)
    }

    func close() throws {
        try group.setAttribute("SampleCount", rows)
        try group.setAttribute("GapSampleCount", gapRows)
        try data.close()
        try timestamp.close()
        try lslTimestamp?.close()
        try group.close()
    }
}
