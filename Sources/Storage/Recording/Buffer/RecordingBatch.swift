import DataSources

/// What a ``RecordingRowBuffer`` hands over at a flush: the rows, stream rows, events and series rows
/// collected since the previous flush, in the order they arrived. Both the crash journal and the HDF5
/// file are written from the same batch, so they always hold the same rows.
struct RecordingBatch {
    /// One buffered row of a derived series (`/<group>/<name>`).
    struct SeriesRow {
        var group: String
        var name: String
        var time: Double
        var values: [Double]
        var columns: [String]
    }

    /// Columns of an EEG row.
    var channels: Int
    /// EEG rows: times in µs since the epoch, marker codes, values row-major (`NaN` for lost samples).
    var times: [Int64] = []
    var markers: [Int64] = []
    var values: [Double] = []
    /// The device's raw codes of the EEG rows, row-major; empty when the device has none.
    var raw: [UInt16] = []
    /// Rows of auxiliary streams, sorted by stream name.
    var streams: [StreamRowBuffer.Rows] = []
    /// Events at the current position (gaps, markers of appended blocks, device states).
    var events: [RecordingEvent] = []
    /// Events of markers placed on rows (the rows' marker codes are set already).
    var placed: [RecordingEvent] = []
    var series: [SeriesRow] = []
    /// New pairs of the LSL clock mapping (`--clock lsl`), (recording clock, LSL clock) seconds: they
    /// apply to this batch's rows and all that follow, so they are journaled and written first.
    var lslClockPoints: [(recording: Double, lsl: Double)] = []
    /// The device's notifications received since the previous flush (channel indices of the
    /// recording's cumulative name table), `nil` when none came.
    var notifications: DeviceNotifications?
    /// How many of ``notifications`` are a prologue the recording was given because it joined a
    /// running source (only in the first batch; 0 otherwise).
    var notificationPrologue = 0

    /// Whether the batch holds EEG rows.
    var hasRows: Bool { !times.isEmpty }

    /// All events as the events table stores them: placed markers among the others by sample, before
    /// an event of the same sample, otherwise in arrival order.
    var eventsInTableOrder: [RecordingEvent] {
        guard !placed.isEmpty else { return events }
        return (placed + events).enumerated()
            .sorted { ($0.element.sample, $0.offset) < ($1.element.sample, $1.offset) }.map(\.element)
    }

    /// The batch as journal records, in the order replay needs them: raw codes before the rows they
    /// belong to, placed markers after the rows whose marker they set, and LSL clock pairs before
    /// everything (replay derives the LSL times of the rows that follow from them).
    var journalRecords: [RecordingJournal.Record] {
        var records: [RecordingJournal.Record] = lslClockPoints.map { .lslClockPoint(recording: $0.recording, lsl: $0.lsl) }
        if hasRows {
            if !raw.isEmpty { records.append(.rawRows(codes: raw, channels: channels)) }
            records.append(.rows(timestampsMicros: times, markers: markers, values: values, channels: channels))
        }
        for s in streams {
            records.append(.streamRows(stream: s.stream, firstIndex: s.firstIndex, timestampsMicros: s.times, values: s.values, channels: s.channels))
        }
        records += events.map { .event($0) }
        records += placed.map { .placedMarker($0) }
        records += series.map { .series(group: $0.group, name: $0.name, time: $0.time, values: $0.values, columns: $0.columns) }
        if let notifications, !notifications.isEmpty { records.append(.notifications(notifications, prologue: notificationPrologue)) }
        return records
    }
}
