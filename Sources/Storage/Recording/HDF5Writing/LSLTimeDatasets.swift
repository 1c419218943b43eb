import DataSources

/// A recording's times on Lab Streaming Layer's clock (`--clock lsl`): the clock mapping
/// `/LSLClock/RecordingClock` and `/LSLClock/LSLClock` (pairs read together, float64 seconds), and
/// beside the UTC times `/Recording/LSLTimeStamp` (float64 [samples, 1]) and `/Events/LSLTime`
/// (float64 [events]); auxiliary streams and derived series get theirs from ``lslTime(_:)``. Names
/// and units are ``RecordingFormat/LSLClock``'s.
///
/// Every LSL time is derived from the stored UTC time by the mapping's one rule
/// (``DataSources/LSLClockMapping/lslTime(recordingTime:points:)``) with the pairs known when its row
/// was written; a ``RecordingBatch`` carries the pairs before the rows they apply to (the journal
/// too), so a recovered file has the same LSL times. Created by ``HDF5RecordingFile`` with the first
/// pair, so a recording without `--clock lsl` has none of these datasets.
final class LSLTimeDatasets {
    private typealias F = RecordingFormat.LSLClock

    /// The pairs so far, (recording clock, LSL clock) seconds.
    private(set) var points: [(recording: Double, lsl: Double)] = []
    private var pending: [(recording: Double, lsl: Double)] = []
    private let group: HDF5Object
    private let recordingClock: AppendableDataset
    private let lslClock: AppendableDataset
    private let timestamp: AppendableDataset
    private let eventTime: AppendableDataset

    /// Creates the datasets in `file` (the mapping), `recording` and `events`.
    init(file: HDF5Object, recording: HDF5Object, events: HDF5Object, chunkRows: Int, deflateLevel: UInt32) throws {
        let unit = RecordingFormat.Recording.DataAttribute.unit
        group = try file.createGroup(F.group)
        recordingClock = try AppendableDataset(in: group, name: F.recordingClock, element: .double, columns: 0, chunkRows: 256)
        lslClock = try AppendableDataset(in: group, name: F.lslClock, element: .double, columns: 0, chunkRows: 256)
        timestamp = try AppendableDataset(
            in: recording, name: RecordingFormat.Recording.lslTimeStamp, element: .double, columns: 1, chunkRows: chunkRows,
            deflateLevel: deflateLevel)
        eventTime = try AppendableDataset(in: events, name: RecordingFormat.Events.lslTime, element: .double, columns: 0, chunkRows: 256)
        try group.setAttribute(F.ruleAttribute, F.rule)
        try group.setAttribute(F.clockAttribute, F.clock)
        try recordingClock.object.setAttribute(unit, RecordingFormat.Unit.secondsSinceEpochRecordingClock)
        try lslClock.object.setAttribute(unit, RecordingFormat.Unit.lslSeconds)
        try timestamp.object.setAttribute(unit, RecordingFormat.Unit.lslSeconds)
        try eventTime.object.setAttribute(unit, RecordingFormat.Unit.lslSeconds)
    }

    /// Adds a pair; it is written with the next ``flush(rowTimesMicros:eventTimes:)``.
    func add(recording: Double, lsl: Double) {
        points.append((recording, lsl))
        pending.append((recording, lsl))
    }

    /// The LSL time of a recording-clock time.
    func lslTime(_ t: Double) -> Double {
        LSLClockMapping.lslTime(recordingTime: t, points: points)
    }

    /// Writes the new pairs and the LSL times of the rows and events being written.
    func flush(rowTimesMicros: [Int64], eventTimes: [Double]) throws {
        if !pending.isEmpty {
            try recordingClock.append(pending.map(\.recording))
            try lslClock.append(pending.map(\.lsl))
            pending.removeAll()
        }
        if !rowTimesMicros.isEmpty { try timestamp.append(rowTimesMicros.map { lslTime(Double($0) / 1_000_000) }) }
        if !eventTimes.isEmpty { try eventTime.append(eventTimes.map(lslTime)) }
    }

    /// Stores the number of pairs and closes the datasets.
    func close() throws {
        try group.setAttribute(F.pointCount, Int64(points.count))
        try recordingClock.close()
        try lslClock.close()
        try timestamp.close()
        try eventTime.close()
        try group.close()
    }
}
