import DataSources
import Foundation

/// Collects what a recording receives — EEG rows, rows of auxiliary streams, events, placed markers,
/// derived-series rows — and decides when it must reach the disk, without knowing the file format.
///
/// The rules it owns: a jump in ``SampleBlock/firstIndex`` becomes `NaN` rows (timed by
/// ``GapTiming``) plus a gap event, nothing is shifted, and repeated indices are dropped; a marker
/// lands on the row of its sample (the first row for one before it; for one after the last row,
/// a lost sample, the gap rows up to it are added); and the crash-safety rule:
/// buffered rows are handed over as one ``RecordingBatch`` once ``flushRows`` EEG rows wait or
/// ``flushInterval`` has passed since the last hand-over, so memory stays flat and a killed process
/// loses at most that interval. ``chunkRows`` is the storage chunk length the same options imply.
///
/// Hand-overs go to the `flush` closure given to the appending calls; the clock is a parameter, so
/// the timing rule is tested without waiting.
struct RecordingRowBuffer {
    /// Columns of an EEG row.
    let channels: Int
    /// The EEG sampling rate in Hz.
    let samplingRate: Double
    /// The name of the EEG stream; blocks of other streams go to their ``StreamRowBuffer``.
    let eegStream: String
    /// Whether rows carry the device's raw codes.
    let keepsRaw: Bool
    /// EEG rows that force a hand-over (``flushInterval`` seconds of signal).
    let flushRows: Int
    /// Rows per storage chunk (`chunkSeconds` of signal, at least 16).
    let chunkRows: Int
    /// The longest time rows wait before they are handed over.
    let flushInterval: Duration

    /// Rows so far (handed over and buffered), gap rows included.
    private(set) var rowCount: Int64 = 0
    /// Gap rows so far.
    private(set) var gapRows: Int64 = 0
    /// Events so far.
    private(set) var eventCount = 0
    /// The time of the first and of the last EEG row, in seconds since the epoch.
    private(set) var firstTime: Double?
    private(set) var lastTime: Double?
    /// The auxiliary streams' buffers, by stream name.
    private(set) var streams: [String: StreamRowBuffer]

    private var nextIndex: Int64?
    private var batch: RecordingBatch
    /// Markers placed before the first row: they go onto it.
    private var placedBeforeFirstRow: [PlacedMarker] = []
    /// Raw codes of a replayed journal's next rows record.
    private var replayRaw: [UInt16] = []
    private var lastFlush: ContinuousClock.Instant
    /// The device's notifications waiting, with the recording's cumulative channel table.
    private var notifications = DeviceNotifications()
    /// Entries of the waiting ``notifications`` that are a late recording's prologue.
    private var notificationPrologue = 0
    /// Whether any notification came yet.
    private var hadNotifications = false

    /// A buffer for `source`'s streams; `flushInterval` and `chunkSeconds` in seconds.
    init(source: DeviceDescriptor, flushInterval: Double, chunkSeconds: Double, now: ContinuousClock.Instant = .now) {
        channels = source.channelCount
        samplingRate = source.samplingRate
        eegStream = source.eeg.name
        keepsRaw = source.eeg.rawCoding != nil
        flushRows = max(1, Int((source.samplingRate * flushInterval).rounded()))
        chunkRows = max(16, Int((source.samplingRate * chunkSeconds).rounded()))
        self.flushInterval = .seconds(flushInterval)
        var streams: [String: StreamRowBuffer] = [:]
        for d in source.streams where d.name != source.eeg.name { streams[d.name] = StreamRowBuffer(descriptor: d) }
        self.streams = streams
        batch = RecordingBatch(channels: source.channelCount)
        lastFlush = now
    }

    /// The source's index (``SampleBlock/firstIndex`` counting) of EEG row 0, once a row is there.
    var firstSourceIndex: Int64? { nextIndex.map { $0 - rowCount } }

    /// Whether anything waits to be handed over.
    var hasPending: Bool {
        batch.hasRows || !batch.events.isEmpty || !batch.placed.isEmpty || !batch.series.isEmpty || !batch.lslClockPoints.isEmpty
            || streams.values.contains(where: \.hasPending) || !notifications.isEmpty
    }

    /// Whether the flush interval has passed since the last hand-over.
    func isDue(at now: ContinuousClock.Instant) -> Bool { now - lastFlush >= flushInterval }

    /// Hands over everything buffered (`nil`, and the interval not restarted, when nothing waits).
    mutating func take(at now: ContinuousClock.Instant = .now) -> RecordingBatch? {
        guard hasPending else { return nil }
        var taken = batch
        taken.streams = streams.keys.sorted().compactMap { streams[$0]?.take() }
        if !notifications.isEmpty { taken.notifications = notifications.take() }
        taken.notificationPrologue = notificationPrologue
        notificationPrologue = 0
        batch = RecordingBatch(channels: channels)
        batch.times.reserveCapacity(taken.times.capacity)
        batch.markers.reserveCapacity(taken.markers.capacity)
        batch.values.reserveCapacity(taken.values.capacity)
        if keepsRaw { batch.raw.reserveCapacity(taken.raw.capacity) }
        lastFlush = now
        return taken
    }

    // MARK: Appending

    /// Appends a block: EEG rows (a jump in the index inserts `NaN` rows and a gap event; rows at or
    /// before the last index are ignored), or rows of an auxiliary stream (a gap there adds an event
    /// too); blocks of streams the device does not have are ignored. Calls `flush` whenever the rule
    /// says so, mid-block included.
    mutating func append(_ block: SampleBlock, now: () -> ContinuousClock.Instant = { .now }, flush: (RecordingBatch) throws -> Void) rethrows {
        guard !block.isEmpty else { return }
        if block.stream != eegStream {
            guard var sink = streams.removeValue(forKey: block.stream) else { return }
            let micros = block.times.map { Int64(($0 * 1_000_000).rounded()) }
            let gaps = sink.append(firstIndex: block.firstIndex, timesMicros: micros, values: block.values, channels: block.channelCount)
            streams[block.stream] = sink
            if gaps > 0 {
                addEvent(RecordingEvent(sample: rowCount, time: block.times[0], code: Marker.gapCode, label: "\(block.stream) gap \(gaps) samples"))
            }
            if isDue(at: now()) { try flushNow(now(), flush) }
            return
        }
        let width = block.channelCount
        for r in 0..<block.count {
            let index = block.firstIndex + Int64(r)
            let time = block.times[r]
            if let expected = nextIndex {
                if index < expected { continue }
                if index > expected {
                    let missing = index - expected
                    let start = lastTime ?? time
                    let step = GapTiming.spacing(after: lastTime, before: time, missing: missing, nominal: 1 / samplingRate)
                    addEvent(RecordingEvent(sample: rowCount, time: start + step, code: Marker.gapCode, label: "gap \(missing) samples"))
                    for k in 0..<missing {
                        appendRow(time: start + Double(k + 1) * step, values: nil, raw: nil, marker: 0)
                        gapRows += 1
                        if batch.times.count >= flushRows { try flushNow(now(), flush) }
                    }
                }
            }
            if firstTime == nil { firstTime = time }
            var marker = block.marker(at: r)
            for m in block.markers where m.row == r {
                addEvent(RecordingEvent(sample: rowCount, time: time, code: m.marker.code, label: m.marker.label))
            }
            if marker == nil, !placedBeforeFirstRow.isEmpty {
                for p in placedBeforeFirstRow {
                    addEvent(RecordingEvent(sample: rowCount, time: time, code: p.marker.code, label: p.marker.label))
                }
                marker = placedBeforeFirstRow.last?.marker
            }
            placedBeforeFirstRow = []
            let code = Int64(marker?.code ?? 0)
            let lower = r * width
            let upper = (r + 1) * width
            block.values.withUnsafeBufferPointer { v in
                let row = upper <= v.count ? UnsafeBufferPointer(rebasing: v[lower..<upper]) : nil
                if let raw = block.raw, upper <= raw.count {
                    raw.withUnsafeBufferPointer { codes in
                        appendRow(time: time, values: row, raw: UnsafeBufferPointer(rebasing: codes[lower..<upper]), marker: code)
                    }
                } else {
                    appendRow(time: time, values: row, raw: nil, marker: code)
                }
            }
            nextIndex = index + 1
            lastTime = time
            if batch.times.count >= flushRows { try flushNow(now(), flush) }
        }
        if isDue(at: now()) { try flushNow(now(), flush) }
    }

    /// Places a marker on the EEG row of its source sample (``PlacedMarker/sample``). Returns the
    /// event when its row was handed over already: the caller sets that row's marker in storage.
    /// Before the first row the marker waits and lands on it; a sample before the first row lands on
    /// the first row. A sample after the last row is one the source lost at the end of the
    /// recording (the run ended inside a gap): the rows up to it are added as NaN rows with a gap
    /// event, timed evenly up to the marker's sample time, and the marker lands on its own row —
    /// at most ``longestTrailingGap`` seconds of rows, beyond which it lands on the last row.
    mutating func place(_ placed: PlacedMarker) -> RecordingEvent? {
        guard let next = nextIndex, rowCount > 0 else {
            placedBeforeFirstRow.append(placed)
            return nil
        }
        if placed.sample >= next, let last = lastTime, Double(placed.sample - next + 1) <= Self.longestTrailingGap * samplingRate {
            let missing = placed.sample - next + 1
            // Times never go back: the rows end at the marker's sample time, or at the last row's.
            let end = max(last, placed.sampleTime)
            let step = (end - last) / Double(missing)
            addEvent(RecordingEvent(sample: rowCount, time: last + step, code: Marker.gapCode, label: "gap \(missing) samples"))
            for k in 1...missing {
                appendRow(time: k == missing ? end : last + Double(k) * step, values: nil, raw: nil, marker: 0)
                gapRows += 1
            }
            nextIndex = placed.sample + 1
            lastTime = end
        }
        let current = nextIndex ?? next
        let wanted = rowCount - (current - placed.sample)
        let row = min(rowCount - 1, max(0, wanted))
        let time = row == wanted ? placed.sampleTime : row == 0 ? (firstTime ?? placed.sampleTime) : (lastTime ?? placed.sampleTime)
        return addPlaced(RecordingEvent(sample: row, time: time, code: placed.marker.code, label: placed.marker.label))
    }

    /// The longest stretch (seconds of signal) of lost samples after the last row that a marker set
    /// in it adds to the recording (``place(_:)``): the longest a source tries to reconnect.
    static let longestTrailingGap = 120.0

    /// Adds an event at the next row (e.g. a device state change); `time` defaults to the last row's.
    mutating func addEvent(code: Int32, label: String, time: Double?) {
        addEvent(RecordingEvent(sample: rowCount, time: time ?? lastTime ?? Date().timeIntervalSince1970, code: code, label: label))
    }

    /// Adds the device's notifications (``DataSources/DeviceNotifications``); they reach the disk
    /// with the next hand-over, under the same rule as the rows (``flushInterval``).
    mutating func appendNotifications(_ batch: DeviceNotifications, now: () -> ContinuousClock.Instant = { .now }, flush: (RecordingBatch) throws -> Void) rethrows {
        guard !batch.isEmpty else { return }
        if batch.isLateCopy, !hadNotifications { notificationPrologue = batch.count }
        hadNotifications = true
        notifications.append(contentsOf: batch)
        if isDue(at: now()) { try flushNow(now(), flush) }
    }

    /// Adds one row of the derived series `/<group>/<name>`.
    mutating func appendSeries(group: String, name: String, time: Double, values: [Double], columns: [String]) {
        batch.series.append(.init(group: group, name: name, time: time, values: values, columns: columns))
    }

    /// Moves events "at the next row" that never came onto the last row, so an event's sample is
    /// always inside the data (at the end of a recording).
    mutating func clampPendingEvents() {
        guard rowCount > 0 else { return }
        for i in batch.events.indices where batch.events[i].sample >= rowCount { batch.events[i].sample = rowCount - 1 }
    }

    /// Replays one journal record (recovery): rows and events go in as recorded, gap rows included.
    /// Returns a placed marker's event when its row was handed over already (as ``place(_:)``).
    /// Attributes are not buffered: the caller writes them.
    mutating func replay(
        _ record: RecordingJournal.Record, now: () -> ContinuousClock.Instant = { .now }, flush: (RecordingBatch) throws -> Void
    ) rethrows -> RecordingEvent? {
        switch record {
        case .rows(let ts, let markers, let values, let width):
            let codes = replayRaw.count == ts.count * width ? replayRaw : []
            replayRaw = []
            for r in 0..<min(ts.count, markers.count) {
                let time = Double(ts[r]) / 1_000_000
                let lower = r * width
                let upper = (r + 1) * width
                if width == channels, upper <= values.count {
                    values.withUnsafeBufferPointer { v in
                        codes.withUnsafeBufferPointer { c in
                            let raw = c.isEmpty ? nil : UnsafeBufferPointer(rebasing: c[lower..<upper])
                            appendRow(time: time, values: UnsafeBufferPointer(rebasing: v[lower..<upper]), raw: raw, marker: markers[r])
                        }
                    }
                    if values[lower..<upper].allSatisfy(\.isNaN) { gapRows += 1 }
                } else {
                    appendRow(time: time, values: nil, raw: nil, marker: markers[r])
                    gapRows += 1
                }
                if firstTime == nil { firstTime = time }
                lastTime = time
                if batch.times.count >= flushRows { try flushNow(now(), flush) }
            }
        case .rawRows(let codes, let width):
            // The codes of the rows record that follows.
            replayRaw = width == channels ? codes : []
        case .streamRows(let stream, let first, let ts, let values, let width):
            streams[stream]?.append(firstIndex: first, timesMicros: ts, values: values, channels: width)
        case .event(let e):
            addEvent(e)
        case .placedMarker(let e):
            guard e.sample >= 0, e.sample < rowCount else { break }
            return addPlaced(e)
        case .series(let group, let name, let time, let values, let columns):
            appendSeries(group: group, name: name, time: time, values: values, columns: columns)
        case .lslClockPoint(let recording, let lsl):
            // A pair applies to what is journaled after it. Buffered times before the pair's are
            // unaffected by it (the rule picks the last pair at or before a time), so it joins the
            // batch, which keeps the batches (and the events' order) of a recording without pairs;
            // only when a buffered time is at or after it (a source running ahead of the host
            // clock) is the batch handed over first, as it was written while recording.
            if hasPending, pendingTimesReach(recording) { try flushNow(now(), flush) }
            batch.lslClockPoints.append((recording, lsl))
        case .notifications(let batch, let prologue):
            if prologue > 0, !hadNotifications { notificationPrologue = prologue }
            hadNotifications = true
            notifications.append(contentsOf: batch)
        case .attribute:
            break
        }
        return nil
    }

    // MARK: Internals

    /// Whether a buffered time (of an EEG row, event, series row or stream row) is at or after `t`
    /// (seconds since the epoch).
    private func pendingTimesReach(_ t: Double) -> Bool {
        let micros = Int64((t * 1_000_000).rounded(.down))
        if let last = batch.times.max(), last >= micros { return true }
        if batch.events.contains(where: { $0.time >= t }) || batch.placed.contains(where: { $0.time >= t }) { return true }
        if batch.series.contains(where: { $0.time >= t }) { return true }
        return streams.values.contains { ($0.latestPendingTimeMicros ?? .min) >= micros }
    }

    private mutating func flushNow(_ now: ContinuousClock.Instant, _ flush: (RecordingBatch) throws -> Void) rethrows {
        if let taken = take(at: now) { try flush(taken) }
    }

    private mutating func addEvent(_ event: RecordingEvent) {
        batch.events.append(event)
        eventCount += 1
    }

    /// Records a placed marker's event; sets its row's marker when the row is still buffered, else
    /// returns the event for the caller to set it in storage.
    private mutating func addPlaced(_ event: RecordingEvent) -> RecordingEvent? {
        batch.placed.append(event)
        eventCount += 1
        let buffered = rowCount - Int64(batch.markers.count)
        if event.sample >= buffered {
            batch.markers[Int(event.sample - buffered)] = Int64(event.code)
            return nil
        }
        return event
    }

    private mutating func appendRow(time: Double, values: UnsafeBufferPointer<Double>?, raw: UnsafeBufferPointer<UInt16>?, marker code: Int64) {
        if let values, values.count == channels {
            batch.values.append(contentsOf: values)
        } else {
            for c in 0..<channels { batch.values.append(values.map { c < $0.count ? $0[c] : .nan } ?? .nan) }
        }
        if keepsRaw {
            let missing = StreamDescriptor.RawCoding.missingCode
            for c in 0..<channels { batch.raw.append(raw.map { c < $0.count ? $0[c] : missing } ?? missing) }
        }
        batch.times.append(Int64((time * 1_000_000).rounded()))
        batch.markers.append(code)
        rowCount += 1
    }
}
