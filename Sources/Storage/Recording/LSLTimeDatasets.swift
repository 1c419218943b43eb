import DataSources

/// A recording's times on Lab Streaming Layer's clock (`--clock lsl`): the clock mapping
/// `/LSLClock/RecordingClock` and `/LSLClock/LSLClock` (pairs read together, float64 seconds), and
/// beside the UTC times `/Recording/LSLTimeStamp` (float64 [samples, 1]) and `/Events/LSLTime`
/// (float64 [events]); auxiliary streams and derived series get theirs from ``lslTime(_:)``.
///
/// Every LSL time is derived from the stored UTC time by the mapping's one rule
/// (``DataSources/LSLClockMapping/lslTime(recordingTime:points:)``) with the pairs known when its row
/// was written; the journal holds each pair before the rows it applies to, so a recovered file has
/// the same LSL times.
final class LSLTimeDatasets {
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
        group = try file.createGroup("LSLClock")
        recordingClock = try AppendableDataset(in: group, name: "RecordingClock", element: .double, columns: 0, chunkRows: 256)
        lslClock = try AppendableDataset(in: group, name: "LSLClock", element: .double, columns: 0, chunkRows: 256)
        timestamp = try AppendableDataset(in: recording, name: "LSLTimeStamp", element: .double, columns: 1, chunkRows: chunkRows, deflateLevel: deflateLevel)
        eventTime = try AppendableDataset(in: events, name: "LSLTime", element: .double, columns: 0, chunkRows: 256)
        try group.setAttribute(
            "Rule",
            "LSL seconds = t + (LSLClock[k] - RecordingClock[k]) for a recording-clock time t (seconds since the epoch), k the last pair with RecordingClock[k] <= t (the first pair for earlier t)")
        try group.setAttribute("Clock", "lsl_local_clock() (std::chrono::steady_clock; CLOCK_MONOTONIC on Linux)")
        try recordingClock.object.setAttribute("unit", "seconds since 1970-01-01T00:00:00Z (recording clock)")
        try lslClock.object.setAttribute("unit", "seconds (lsl_local_clock)")
        try timestamp.object.setAttribute("unit", "seconds (lsl_local_clock)")
        try eventTime.object.setAttribute("unit", "seconds (lsl_local_clock)")
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

    func close() throws {
        try group.setAttribute("PointCount", Int64(points.count))
        try recordingClock.close()
        try lslClock.close()
        try timestamp.close()
        try eventTime.close()
        try group.close()
    }
}
