public import DataSources
public import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Streams a recording to disk as it happens: an HDF5 file in the reference app's v3 layout (plus
/// typed metadata, an events table and derived series) and, beside it, a crash journal.
///
/// Samples are buffered for at most ``Options/flushInterval`` (1 s) and then appended, in one go, to
/// the journal and to the chunked, compressed HDF5 datasets, so memory stays flat however long the
/// recording runs and a killed process loses at most the last second. The HDF5 file is written as
/// `<name>.h5.partial` and renamed to `<name>.h5` only when ``finish(_:)`` has closed
/// it, so a file with the final name is always complete and valid. Lost samples (a jump in
/// ``SampleBlock/firstIndex``) become `NaN` rows plus a gap event; nothing is shifted. A device with
/// raw codes (the Muse's 12-bit EEG) also gets `/Recording/RawData`, losslessly; auxiliary streams
/// (accelerometer, gyroscope, PPG, telemetry) go to `/Streams/<name>` with their own rates and times.
/// Given an ``DataSources/LSLClockMapping`` (`--clock lsl`), every stored time also gets its LSL-clock
/// twin (``LSLTimeDatasets``) and the mapping's pairs are stored in `/LSLClock`: each batch takes the
/// pairs not stored yet (a new one every ``lslClockInterval``) and journals them before its rows.
///
/// The writer joins three parts: a ``RecordingRowBuffer`` (what waits and when it must be written,
/// no file format), the ``HDF5RecordingFile`` (the layout of ``RecordingFormat``) and the journal;
/// each batch the buffer hands over goes to the journal first, then to the HDF5 file.
///
/// A writer belongs to one task; it is not `Sendable`.
package final class RecordingWriter {
    /// Tuning of how a recording is written.
    package struct Options: Sendable, Equatable {
        /// Rows per HDF5 chunk, in seconds of signal (10 s: ~80 KB for 4 channels of doubles).
        package var chunkSeconds: Double
        /// Deflate level (0–9) applied after the shuffle filter.
        package var deflateLevel: UInt32
        /// The longest time buffered rows wait before they reach the disk, in seconds.
        package var flushInterval: Double
        /// Write the crash journal (off only when rebuilding from a journal).
        package var journaling: Bool

        /// Creates options; the defaults suit EEG at 100–1000 Hz.
        package init(chunkSeconds: Double = 10, deflateLevel: UInt32 = 4, flushInterval: Double = 1, journaling: Bool = true) {
            self.chunkSeconds = chunkSeconds
            self.deflateLevel = deflateLevel
            self.flushInterval = flushInterval
            self.journaling = journaling
        }
    }

    /// How often a new pair of the LSL clock mapping is taken while recording, in seconds.
    package static let lslClockInterval: Double = 10

    /// The final file name (`…h5`); it exists only after ``finish(_:)``.
    package let url: URL
    /// What the recording is.
    package let metadata: RecordingMetadata
    /// How it is written.
    package let options: Options
    /// Rows so far (written and buffered), gap rows included.
    package var rowCount: Int64 { buffer.rowCount }
    /// Gap rows so far.
    package var gapRows: Int64 { buffer.gapRows }
    /// Events so far.
    package var eventCount: Int { buffer.eventCount }

    /// The source's index (``SampleBlock/firstIndex`` counting) of EEG row 0, once a row is there: a
    /// source sample `i` is row `i - firstSourceIndex` (lost samples are rows too).
    package var firstSourceIndex: Int64? { buffer.firstSourceIndex }

    /// `<url>.partial`, the HDF5 file while it is written.
    package var partialURL: URL { Self.partialURL(for: url) }
    /// `<url>.journal`, the crash journal.
    package var journalURL: URL { Self.journalURL(for: url) }

    private var buffer: RecordingRowBuffer
    private let file: HDF5RecordingFile
    private let journal: JournalFile?
    private var finished = false
    /// The mapping to LSL's clock read while recording (nil without `--clock lsl`, and in recovery,
    /// where its pairs come from the journal).
    private let lslClock: LSLClockMapping?
    /// Pairs of ``lslClock`` handed to the HDF5 file so far.
    private var lslClockPointsStored = 0

    /// `<url>.partial` for a final recording URL.
    package static func partialURL(for url: URL) -> URL { URL(fileURLWithPath: url.path + ".partial") }
    /// `<url>.journal` for a final recording URL.
    package static func journalURL(for url: URL) -> URL { URL(fileURLWithPath: url.path + ".journal") }

    /// Starts a recording that will be finished as `url`. Fails when `url`, its partial file or its
    /// journal exists already: nothing is ever overwritten. With `lslClock` (and a clock anchor in
    /// `metadata`) every time is stored on LSL's clock too.
    package init(url: URL, metadata: RecordingMetadata, options: Options = .init(), lslClock: LSLClockMapping? = nil) throws {
        self.url = url
        self.metadata = metadata
        self.options = options
        self.lslClock = metadata.clockAnchor == nil ? nil : lslClock
        buffer = RecordingRowBuffer(source: metadata.source, flushInterval: options.flushInterval, chunkSeconds: options.chunkSeconds)
        if FileManager.default.fileExists(atPath: url.path) {
            throw StorageError.io(path: url.path, reason: "exists already; recordings are never overwritten")
        }
        journal = options.journaling ? try JournalFile(url: Self.journalURL(for: url), metadata: metadata) : nil
        do {
            file = try HDF5RecordingFile(
                path: Self.partialURL(for: url).path, metadata: metadata, chunkRows: buffer.chunkRows, deflateLevel: options.deflateLevel)
        } catch {
            if options.journaling { unlink(Self.journalURL(for: url).path) }
            throw error
        }
    }

    // MARK: Appending

    /// Appends a block of samples. EEG rows go to `/Recording` (a jump in the index inserts `NaN` rows
    /// and a gap event; rows at or before the last index are ignored as duplicates); blocks of other
    /// streams go to `/Streams/<name>`; blocks of streams the descriptor does not name are ignored.
    package func append(_ block: SampleBlock) throws {
        precondition(!finished, "append after finish")
        try buffer.append(block) { try write($0) }
    }

    /// Keeps what the device sent (``DataSources/DeviceNotifications``) in `/Device/Notifications`:
    /// journaled and written with the rows, under the same one-second rule.
    package func appendNotifications(_ batch: DeviceNotifications) throws {
        precondition(!finished, "append after finish")
        try buffer.appendNotifications(batch) { try write($0) }
    }

    /// Keeps notifications stored elsewhere (a redecoding copies the original's): `prologue` leading
    /// entries are a late recording's prologue.
    func appendNotifications(_ batch: DeviceNotifications, prologue: Int) throws {
        var copy = batch
        copy.isLateCopy = false
        if prologue > 0 {
            // The prologue goes first as its own batch, so the file counts it as the original did.
            var head = DeviceNotifications(channelNames: copy.channelNames, receiveClockScale: copy.receiveClockScale)
            var tail = head
            var offset = 0
            for i in 0..<copy.count {
                let n = Int(copy.lengths[i])
                let bytes = copy.bytes[offset..<min(copy.bytes.count, offset + n)]
                offset += n
                if i < prologue {
                    head.append(time: copy.times[i], receiveClock: copy.receiveClock[i], channel: copy.channels[i], bytes: bytes)
                } else {
                    tail.append(time: copy.times[i], receiveClock: copy.receiveClock[i], channel: copy.channels[i], bytes: bytes)
                }
            }
            head.isLateCopy = true
            try buffer.appendNotifications(head) { try write($0) }
            try buffer.appendNotifications(tail) { try write($0) }
        } else {
            try buffer.appendNotifications(copy) { try write($0) }
        }
    }

    /// Writes what waits, then adds `events` at their own rows and sets the marker codes of rows
    /// written already (a redecoding copies the original's events and markers onto its rows).
    func copy(events: [RecordingEvent], markers: [(row: Int64, code: Int32)]) throws {
        try flush()
        for e in events { _ = buffer.replay(.event(e), flush: { _ in }) }
        for m in markers where m.row >= 0 && m.row < rowCount { try file.setMarker(row: m.row, code: m.code) }
    }

    /// Places a marker on the EEG sample it belongs to (``PlacedMarker/sample``, the source's index),
    /// also when that row was buffered or written already: its row of `/Recording/Marker` takes the
    /// code and the events table gets a row with the sample's index and time. A sample before this
    /// recording's first row lands on the first row. A sample after its last row was lost at the
    /// end (the run ended inside a gap): the rows up to it are added as NaN rows with a gap event
    /// and the marker lands on its own row (up to 120 s of rows; further on, on the last row), so
    /// an event's index is always inside the data.
    package func place(_ placed: PlacedMarker) throws {
        if let written = buffer.place(placed) { try file.setMarker(row: written.sample, code: written.code) }
    }

    /// Adds an event at the current position (the next row), e.g. a device state change.
    package func addEvent(code: Int32, label: String, time: Double? = nil) throws {
        buffer.addEvent(code: code, label: label, time: time)
    }

    /// Appends one row of a derived time series (signal quality, band power) to `/<group>/<name>`,
    /// with its time in `/<group>/<name>Time` and the column names as the dataset's `columns`
    /// attribute. The first row fixes the number of columns.
    package func appendSeries(group: String, name: String, time: Double, values: [Double], columns: [String] = []) throws {
        buffer.appendSeries(group: group, name: name, time: time, values: values, columns: columns)
    }

    /// Sets a typed attribute on the group `/<group>` (created if needed), e.g. the method parameters
    /// of a derived series.
    package func setGroupAttribute(group: String, name: String, value: MetadataValue) throws {
        if let journal {
            var out = ByteWriter()
            RecordingJournal.encode(.attribute(group: group, name: name, value: value), into: &out)
            try journal.write(out.bytes)
        }
        try file.setGroupAttribute(group: group, name: name, value: value)
    }

    /// Replays one journal record into this writer (recovery): rows and events go in as recorded, gap
    /// rows included.
    func replay(_ record: RecordingJournal.Record) throws {
        if case .attribute(let group, let name, let value) = record {
            try setGroupAttribute(group: group, name: name, value: value)
            return
        }
        if let written = try buffer.replay(record, flush: { try write($0) }) {
            try file.setMarker(row: written.sample, code: written.code)
        }
    }

    /// Writes everything buffered to the journal and the HDF5 file.
    package func flush() throws {
        if let batch = buffer.take() { try write(batch) }
    }

    /// Writes a batch the buffer handed over: to the journal first, then to the HDF5 file; with an
    /// LSL clock mapping the batch first takes the mapping's pairs not stored yet.
    private func write(_ batch: RecordingBatch) throws {
        var batch = batch
        batch.lslClockPoints += takeLSLClockPoints()
        if let journal {
            var out = ByteWriter()
            for record in batch.journalRecords { RecordingJournal.encode(record, into: &out) }
            try journal.write(out.bytes)
        }
        try file.write(batch)
    }

    /// The mapping's pairs not stored yet (a new one taken when the last is ``lslClockInterval``
    /// old), as (recording clock, LSL clock) seconds.
    private func takeLSLClockPoints() -> [(recording: Double, lsl: Double)] {
        guard let lslClock, let anchor = metadata.clockAnchor else { return [] }
        lslClock.takePointIfDue(interval: Self.lslClockInterval)
        let fresh = Array(lslClock.recordingPoints(anchor: anchor).dropFirst(lslClockPointsStored))
        lslClockPointsStored += fresh.count
        return fresh
    }

    // MARK: Finishing

    /// Writes what is buffered, the closing attributes (sample count, duration, `outcome` as the
    /// `Complete` flag and, when incomplete with a reason, `EndReason`), closes the HDF5 file, syncs it
    /// and renames it to its final name. An incomplete recording also gets an "interrupted" event at
    /// its last row. The journal stays until ``removeJournal()``, so that the catalog can be updated first.
    @discardableResult
    package func finish(_ outcome: RecordingOutcome) throws -> RecordingSummary {
        try finish(outcome, addingInterruption: true)
    }

    /// ``finish(_:)``; without `addingInterruption` an incomplete outcome adds no event (a copy has it).
    func finish(_ outcome: RecordingOutcome, addingInterruption: Bool) throws -> RecordingSummary {
        precondition(!finished, "finish twice")
        if addingInterruption, case .incomplete(let reason) = outcome {
            try addEvent(code: Marker.interruptedCode, label: reason.map { "interrupted: \($0)" } ?? "interrupted")
        }
        // Events "at the next row" that never came are at the last row: an event's sample is always
        // inside the data.
        buffer.clampPendingEvents()
        try flush()
        if let journal { try journal.sync() }
        let fs = metadata.source.samplingRate
        let rows = buffer.rowCount
        try file.close(
            rows: rows, gapRows: buffer.gapRows, outcome: outcome, samplingRate: fs, first: buffer.firstTime,
            last: buffer.lastTime, streamCounts: buffer.streams.mapValues { ($0.rows, $0.gapRows) })
        finished = true
        try AtomicFile.commit(partialURL, to: url)
        return RecordingSummary(
            url: url, samples: rows, gapSamples: buffer.gapRows, events: buffer.eventCount, outcome: outcome,
            duration: Double(rows) / fs)
    }

    /// Removes the crash journal of a finished recording (after the catalog knows the file).
    package func removeJournal() {
        Self.removeJournal(for: url)
    }

    /// Removes the journal of the recording finished as `url`.
    package static func removeJournal(for url: URL) {
        unlink(journalURL(for: url).path)
        try? AtomicFile.syncFolder(url.deletingLastPathComponent())
    }
}
