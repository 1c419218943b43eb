import CHDF5
import DataSources
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Streams a recording to disk as it happens: an HDF5 file in the reference app's v3 layout (plus
/// typed metadata, an events table and derived series) and, beside it, a crash journal.
///
/// Samples are buffered for at most ``Options/flushInterval`` (1 s) and then appended, in one go, to
/// the journal and to the chunked, compressed HDF5 datasets, so memory stays flat however long the
/// recording runs and a killed process loses at most the last second. The HDF5 file is written as
/// `<name>.h5.partial` and renamed to `<name>.h5` only when ``finish(complete:reason:)`` has closed
/// it, so a file with the final name is always complete and valid. Lost samples (a jump in
/// ``SampleBlock/firstIndex``) become `NaN` rows plus a gap event; nothing is shifted. A device with
/// raw codes (the Muse's 12-bit EEG) also gets `/Recording/RawData`, losslessly; auxiliary streams
/// (accelerometer, gyroscope, PPG, telemetry) go to `/Streams/<name>` with their own rates and times.
/// Given an ``DataSources/LSLClockMapping`` (`--clock lsl`), every stored time also gets its LSL-clock
/// twin (``LSLTimeDatasets``) and the mapping's pairs are stored in `/LSLClock`.
///
/// A writer belongs to one task; it is not `Sendable`.
public final class RecordingWriter {
    /// Tuning of how a recording is written.
    public struct Options: Sendable, Equatable {
        /// Rows per HDF5 chunk, in seconds of signal (10 s: ~80 KB for 4 channels of doubles).
        public var chunkSeconds: Double
        /// Deflate level (0–9) applied after the shuffle filter.
        public var deflateLevel: UInt32
        /// The longest time buffered rows wait before they reach the disk, in seconds.
        public var flushInterval: Double
        /// Write the crash journal (off only when rebuilding from a journal).
        public var journaling: Bool

        /// Creates options; the defaults suit EEG at 100–1000 Hz.
        public init(chunkSeconds: Double = 10, deflateLevel: UInt32 = 4, flushInterval: Double = 1, journaling: Bool = true) {
            self.chunkSeconds = chunkSeconds
            self.deflateLevel = deflateLevel
            self.flushInterval = flushInterval
            self.journaling = journaling
        }
    }

    /// How often a new pair of the LSL clock mapping is taken while recording, in seconds.
    public static let lslClockInterval: Double = 10

    /// The final file name (`…h5`); it exists only after ``finish(complete:reason:)``.
    public let url: URL
    /// What the recording is.
    public let metadata: RecordingMetadata
    /// How it is written.
    public let options: Options
    /// Rows so far (written and buffered), gap rows included.
    public private(set) var rowCount: Int64 = 0
    /// Gap rows so far.
    public private(set) var gapRows: Int64 = 0
    /// Events so far.
    public private(set) var eventCount = 0

    /// The source's index (``SampleBlock/firstIndex`` counting) of EEG row 0, once a row is there: a
    /// source sample `i` is row `i - firstSourceIndex` (lost samples are rows too).
    public var firstSourceIndex: Int64? { nextIndex.map { $0 - rowCount } }

    /// `<url>.partial`, the HDF5 file while it is written.
    public var partialURL: URL { Self.partialURL(for: url) }
    /// `<url>.journal`, the crash journal.
    public var journalURL: URL { Self.journalURL(for: url) }

    private let channels: Int
    private let file: HDF5Object
    private let recording: HDF5Object
    private let events: HDF5Object
    private let data: AppendableDataset
    private let rawData: AppendableDataset?
    private var streams: [String: StreamDatasets] = [:]
    private let streamsGroup: HDF5Object?
    private let eegStream: String
    private let marker: AppendableDataset
    private let timestamp: AppendableDataset
    private let eventSample: AppendableDataset
    private let eventTime: AppendableDataset
    private let eventCode: AppendableDataset
    private let eventLabel: AppendableDataset
    private var seriesSets: [String: (values: AppendableDataset, time: AppendableDataset)] = [:]
    private var seriesLSLTimes: [String: AppendableDataset] = [:]
    /// The mapping to LSL's clock read while recording (nil without `--clock lsl`, and in recovery,
    /// where its pairs come from the journal).
    private let lslClock: LSLClockMapping?
    /// The LSL-clock datasets, from the first pair of the mapping on.
    private var lsl: LSLTimeDatasets?
    private var groups: [String: HDF5Object] = [:]
    private let journal: JournalFile?
    private let flushRows: Int
    private let chunkRows: Int

    private var bufValues: [Double] = []
    private var bufRaw: [UInt16] = []
    private var replayRaw: [UInt16] = []
    private var bufTimes: [Int64] = []
    private var bufMarkers: [Int64] = []
    private var bufEvents: [RecordingEvent] = []
    /// Events of markers placed on rows written earlier (journalled as such, see ``place(_:)``).
    private var bufPlaced: [RecordingEvent] = []
    /// Markers placed before the first row: they go onto it.
    private var placedBeforeFirstRow: [PlacedMarker] = []
    private var bufSeries: [(group: String, name: String, time: Double, values: [Double], columns: [String])] = []
    private var lastFlush = ContinuousClock.now
    private var nextIndex: Int64?
    private var lastTime: Double?
    private var firstTime: Double?
    private var finished = false

    /// `<url>.partial` for a final recording URL.
    public static func partialURL(for url: URL) -> URL { URL(fileURLWithPath: url.path + ".partial") }
    /// `<url>.journal` for a final recording URL.
    public static func journalURL(for url: URL) -> URL { URL(fileURLWithPath: url.path + ".journal") }

    /// Starts a recording that will be finished as `url`. Fails when `url`, its partial file or its
    /// journal exists already: nothing is ever overwritten. With `lslClock` (and a clock anchor in
    /// `metadata`) every time is stored on LSL's clock too.
    public init(url: URL, metadata: RecordingMetadata, options: Options = .init(), lslClock: LSLClockMapping? = nil) throws {
        self.url = url
        self.metadata = metadata
        self.options = options
        self.lslClock = metadata.clockAnchor == nil ? nil : lslClock
        channels = metadata.source.channelCount
        eegStream = metadata.source.eeg.name
        let fs = metadata.source.samplingRate
        flushRows = max(1, Int((fs * options.flushInterval).rounded()))
        chunkRows = max(16, Int((fs * options.chunkSeconds).rounded()))
        if FileManager.default.fileExists(atPath: url.path) {
            throw StorageError.io(path: url.path, reason: "exists already; recordings are never overwritten")
        }
        journal = options.journaling ? try JournalFile(url: Self.journalURL(for: url), metadata: metadata) : nil
        do {
            file = try HDF5File.create(Self.partialURL(for: url).path)
        } catch {
            if options.journaling { unlink(Self.journalURL(for: url).path) }
            throw error
        }
        try file.setAttribute("format", "study-recorder-eeg")
        try file.setAttribute("format_version", "1.0")
        recording = try file.createGroup("Recording")
        try recording.writeStrings("ChannelNames", metadata.source.channelNames, dims: [1, channels])
        data = try AppendableDataset(in: recording, name: "Data", element: .double, columns: channels, chunkRows: chunkRows, deflateLevel: options.deflateLevel)
        marker = try AppendableDataset(in: recording, name: "Marker", element: .int64, columns: 1, chunkRows: chunkRows, deflateLevel: options.deflateLevel)
        timestamp = try AppendableDataset(in: recording, name: "TimeStamp", element: .int64, columns: 1, chunkRows: chunkRows, deflateLevel: options.deflateLevel)
        try data.object.setAttribute("unit", metadata.source.unit)
        try data.object.setAttribute("dimension_labels", ["time", "channel"])
        if let coding = metadata.source.eeg.rawCoding {
            let raw = try AppendableDataset(in: recording, name: "RawData", element: .uint16, columns: channels, chunkRows: chunkRows, deflateLevel: options.deflateLevel)
            try raw.object.setAttribute("RawBits", Int64(coding.bits))
            try raw.object.setAttribute("RawScale", coding.scale)
            try raw.object.setAttribute("RawOffset", coding.offset)
            try raw.object.setAttribute("MissingCode", Int64(StreamDescriptor.RawCoding.missingCode))
            try raw.object.setAttribute("conversion", "Data = RawScale * RawData + RawOffset (\(metadata.source.unit)); MissingCode marks a value not received (NaN in Data)")
            rawData = raw
        } else {
            rawData = nil
        }
        let auxiliary = metadata.source.streams.filter { $0.name != metadata.source.eeg.name }
        if auxiliary.isEmpty {
            streamsGroup = nil
        } else {
            let g = try file.createGroup("Streams")
            for d in auxiliary { streams[d.name] = try StreamDatasets(in: g, descriptor: d, deflateLevel: options.deflateLevel) }
            streamsGroup = g
        }
        try timestamp.object.setAttribute("unit", "microseconds since 1970-01-01T00:00:00Z")
        events = try file.createGroup("Events")
        eventSample = try AppendableDataset(in: events, name: "SampleIndex", element: .int64, columns: 0, chunkRows: 256)
        eventTime = try AppendableDataset(in: events, name: "Time", element: .double, columns: 0, chunkRows: 256)
        eventCode = try AppendableDataset(in: events, name: "Code", element: .int32, columns: 0, chunkRows: 256)
        eventLabel = try AppendableDataset(in: events, name: "Label", element: .utf8, columns: 0, chunkRows: 256)
        try writeStaticMetadata()
        try HDF5File.flush(file)
    }

    deinit {
        if !finished {
            HDF5Library.prepareThread()
            // Abandoned (error or crash path): keep the journal for recovery, release HDF5 handles.
            // Derived-series datasets and groups go first: closing them after their file (e.g.
            // after a full disk) crashed libhdf5 1.10.
            seriesSets.removeAll()
            seriesLSLTimes.removeAll()
            lsl = nil
            groups.removeAll()
            streams.removeAll()
            try? file.close()
        }
    }

    // MARK: Appending

    /// Appends a block of samples. EEG rows go to `/Recording` (a jump in the index inserts `NaN` rows
    /// and a gap event; rows at or before the last index are ignored as duplicates); blocks of other
    /// streams go to `/Streams/<name>`; blocks of streams the descriptor does not name are ignored.
    public func append(_ block: SampleBlock) throws {
        precondition(!finished, "append after finish")
        guard !block.isEmpty else { return }
        if block.stream != eegStream {
            guard let sink = streams[block.stream] else { return }
            let micros = block.times.map { Int64(($0 * 1_000_000).rounded()) }
            let gaps = sink.append(firstIndex: block.firstIndex, timesMicros: micros, values: block.values, channels: block.channelCount)
            if gaps > 0 {
                bufEvents.append(RecordingEvent(sample: rowCount, time: block.times[0], code: Marker.gapCode, label: "\(block.stream) gap \(gaps) samples"))
                eventCount += 1
            }
            if ContinuousClock.now - lastFlush >= .seconds(options.flushInterval) { try flush() }
            return
        }
        let fs = metadata.source.samplingRate
        let width = block.channelCount
        for r in 0..<block.count {
            let index = block.firstIndex + Int64(r)
            let time = block.times[r]
            if let expected = nextIndex {
                if index < expected { continue }
                if index > expected {
                    let missing = index - expected
                    let start = lastTime ?? time
                    let step = GapTiming.spacing(after: lastTime, before: time, missing: missing, nominal: 1 / fs)
                    bufEvents.append(RecordingEvent(sample: rowCount, time: start + step, code: Marker.gapCode, label: "gap \(missing) samples"))
                    eventCount += 1
                    for k in 0..<missing {
                        appendRow(time: start + Double(k + 1) * step, values: nil, raw: nil, marker: 0)
                        gapRows += 1
                        if bufTimes.count >= flushRows { try flush() }
                    }
                }
            }
            if firstTime == nil { firstTime = time }
            var marker = block.marker(at: r)
            for m in block.markers where m.row == r {
                bufEvents.append(RecordingEvent(sample: rowCount, time: time, code: m.marker.code, label: m.marker.label))
                eventCount += 1
            }
            if marker == nil, !placedBeforeFirstRow.isEmpty {
                for p in placedBeforeFirstRow {
                    bufEvents.append(RecordingEvent(sample: rowCount, time: time, code: p.marker.code, label: p.marker.label))
                    eventCount += 1
                }
                marker = placedBeforeFirstRow.last?.marker
            }
            placedBeforeFirstRow = []
            block.values.withUnsafeBufferPointer { v in
                let row = UnsafeBufferPointer(rebasing: v[(r * width)..<((r + 1) * width)])
                if let raw = block.raw {
                    raw.withUnsafeBufferPointer { codes in
                        appendRow(time: time, values: row, raw: UnsafeBufferPointer(rebasing: codes[(r * width)..<((r + 1) * width)]), marker: Int64(marker?.code ?? 0))
                    }
                } else {
                    appendRow(time: time, values: row, raw: nil, marker: Int64(marker?.code ?? 0))
                }
            }
            nextIndex = index + 1
            lastTime = time
            if bufTimes.count >= flushRows { try flush() }
        }
        if ContinuousClock.now - lastFlush >= .seconds(options.flushInterval) { try flush() }
    }

    /// Places a marker on the EEG sample it belongs to (``PlacedMarker/sample``, the source's index),
    /// also when that row was buffered or written already: its row of `/Recording/Marker` takes the
    /// code and the events table gets a row with the sample's index and time. A sample before this
    /// recording's first row lands on the first row, one after its last row on the last row, so an
    /// event's index is always inside the data.
    public func place(_ placed: PlacedMarker) throws {
        guard let next = nextIndex, rowCount > 0 else {
            placedBeforeFirstRow.append(placed)
            return
        }
        let wanted = rowCount - (next - placed.sample)
        let row = min(rowCount - 1, max(0, wanted))
        let time = row == wanted ? placed.sampleTime : row == 0 ? (firstTime ?? placed.sampleTime) : (lastTime ?? placed.sampleTime)
        let event = RecordingEvent(sample: row, time: time, code: placed.marker.code, label: placed.marker.label)
        try setMarker(event)
        bufPlaced.append(event)
        eventCount += 1
    }

    /// Sets the `/Recording/Marker` value of the event's row to its code: in the buffer when the row
    /// is still there, else in the file.
    private func setMarker(_ event: RecordingEvent) throws {
        let buffered = rowCount - Int64(bufMarkers.count)
        if event.sample >= buffered {
            bufMarkers[Int(event.sample - buffered)] = Int64(event.code)
        } else {
            HDF5Library.prepareThread()
            try marker.overwrite(row: Int(event.sample), with: Int64(event.code))
        }
    }

    /// Adds an event at the current position (the next row), e.g. a device state change.
    public func addEvent(code: Int32, label: String, time: Double? = nil) throws {
        bufEvents.append(RecordingEvent(sample: rowCount, time: time ?? lastTime ?? Date().timeIntervalSince1970, code: code, label: label))
        eventCount += 1
    }

    /// Appends one row of a derived time series (signal quality, band power) to `/<group>/<name>`,
    /// with its time in `/<group>/<name>Time` and the column names as the dataset's `columns`
    /// attribute. The first row fixes the number of columns.
    public func appendSeries(group: String, name: String, time: Double, values: [Double], columns: [String] = []) throws {
        bufSeries.append((group, name, time, values, columns))
    }

    /// Sets a typed attribute on the group `/<group>` (created if needed), e.g. the method parameters
    /// of a derived series.
    public func setGroupAttribute(group: String, name: String, value: MetadataValue) throws {
        HDF5Library.prepareThread()
        if let journal {
            var out = ByteWriter()
            RecordingJournal.encode(.attribute(group: group, name: name, value: value), into: &out)
            try journal.write(out.bytes)
        }
        let g = try self.group(group)
        try Self.setAttribute(g, name, value)
    }

    /// Replays one journal record into this writer (recovery): rows and events go in as recorded, gap
    /// rows included.
    func replay(_ record: RecordingJournal.Record) throws {
        switch record {
        case .rows(let ts, let markers, let values, let width):
            let codes = replayRaw.count == ts.count * width ? replayRaw : []
            replayRaw = []
            for r in 0..<ts.count {
                let time = Double(ts[r]) / 1_000_000
                if width == channels {
                    values.withUnsafeBufferPointer { v in
                        codes.withUnsafeBufferPointer { c in
                            let raw = c.isEmpty ? nil : UnsafeBufferPointer(rebasing: c[(r * width)..<((r + 1) * width)])
                            appendRow(time: time, values: UnsafeBufferPointer(rebasing: v[(r * width)..<((r + 1) * width)]), raw: raw, marker: markers[r])
                        }
                    }
                    if values[(r * width)..<((r + 1) * width)].allSatisfy(\.isNaN) { gapRows += 1 }
                } else {
                    appendRow(time: time, values: nil, raw: nil, marker: markers[r])
                    gapRows += 1
                }
                if firstTime == nil { firstTime = time }
                lastTime = time
                if bufTimes.count >= flushRows { try flush() }
            }
        case .rawRows(let codes, let width):
            // The codes of the rows record that follows.
            replayRaw = width == channels ? codes : []
        case .streamRows(let stream, let first, let ts, let values, let width):
            if let sink = streams[stream] {
                sink.append(firstIndex: first, timesMicros: ts, values: values, channels: width)
            }
        case .event(let e):
            bufEvents.append(e)
            eventCount += 1
        case .placedMarker(let e):
            guard e.sample >= 0, e.sample < rowCount else { break }
            try setMarker(e)
            bufPlaced.append(e)
            eventCount += 1
        case .series(let group, let name, let time, let values, let columns):
            bufSeries.append((group, name, time, values, columns))
        case .attribute(let group, let name, let value):
            try setGroupAttribute(group: group, name: name, value: value)
        case .lslClockPoint(let recording, let lsl):
            try addLSLClockPoint(recording: recording, lsl: lsl)
        }
    }

    private func appendRow(time: Double, values: UnsafeBufferPointer<Double>?, raw: UnsafeBufferPointer<UInt16>?, marker code: Int64) {
        if let values, values.count == channels {
            bufValues.append(contentsOf: values)
        } else {
            for c in 0..<channels { bufValues.append(values.map { c < $0.count ? $0[c] : .nan } ?? .nan) }
        }
        if rawData != nil {
            for c in 0..<channels { bufRaw.append(raw.map { c < $0.count ? $0[c] : StreamDescriptor.RawCoding.missingCode } ?? StreamDescriptor.RawCoding.missingCode) }
        }
        bufTimes.append(Int64((time * 1_000_000).rounded()))
        bufMarkers.append(code)
        rowCount += 1
    }

    /// Adds a pair of the LSL clock mapping (recording-clock and LSL seconds); the LSL-clock datasets
    /// are created with the first.
    private func addLSLClockPoint(recording time: Double, lsl lslTime: Double) throws {
        if lsl == nil {
            HDF5Library.prepareThread()
            lsl = try LSLTimeDatasets(file: file, recording: recording, events: events, chunkRows: chunkRows, deflateLevel: options.deflateLevel)
        }
        lsl?.add(recording: time, lsl: lslTime)
    }

    /// Takes the mapping's pairs not stored yet (a new one when the last is ``lslClockInterval`` old),
    /// before the rows they apply to; returns them for the journal.
    private func takeLSLClockPoints() throws -> [(recording: Double, lsl: Double)] {
        guard let lslClock, let anchor = metadata.clockAnchor else { return [] }
        lslClock.takePointIfDue(interval: Self.lslClockInterval)
        let all = lslClock.recordingPoints(anchor: anchor)
        let fresh = Array(all.dropFirst(lsl?.points.count ?? 0))
        for point in fresh { try addLSLClockPoint(recording: point.recording, lsl: point.lsl) }
        return fresh
    }

    /// Writes everything buffered to the journal and the HDF5 file.
    public func flush() throws {
        if bufTimes.isEmpty && bufEvents.isEmpty && bufPlaced.isEmpty && bufSeries.isEmpty && !streams.values.contains(where: \.hasPending) { return }
        let clockPoints = try takeLSLClockPoints()
        if let journal {
            var out = ByteWriter()
            // The mapping's pairs first: replay derives the LSL times of the rows that follow from them.
            for p in clockPoints { RecordingJournal.encode(.lslClockPoint(recording: p.recording, lsl: p.lsl), into: &out) }
            if !bufTimes.isEmpty {
                // Raw codes first: replay keeps them for the rows record that follows.
                if rawData != nil { RecordingJournal.encode(.rawRows(codes: bufRaw, channels: channels), into: &out) }
                RecordingJournal.encode(.rows(timestampsMicros: bufTimes, markers: bufMarkers, values: bufValues, channels: channels), into: &out)
            }
            for sink in streams.values { if let rows = sink.pendingRows { RecordingJournal.encode(rows, into: &out) } }
            for e in bufEvents { RecordingJournal.encode(.event(e), into: &out) }
            // After the rows: replay sets the marker of a row it has.
            for e in bufPlaced { RecordingJournal.encode(.placedMarker(e), into: &out) }
            for s in bufSeries { RecordingJournal.encode(.series(group: s.group, name: s.name, time: s.time, values: s.values, columns: s.columns), into: &out) }
            try journal.write(out.bytes)
        }
        try writeBuffered()
        lastFlush = ContinuousClock.now
    }

    private func writeBuffered() throws {
        HDF5Library.prepareThread()
        if !bufPlaced.isEmpty {
            // Placed markers go among the events by sample (before an event of the same sample).
            bufEvents = (bufPlaced + bufEvents).enumerated()
                .sorted { ($0.element.sample, $0.offset) < ($1.element.sample, $1.offset) }.map(\.element)
            bufPlaced.removeAll(keepingCapacity: true)
        }
        try lsl?.flush(rowTimesMicros: bufTimes, eventTimes: bufEvents.map(\.time))
        if !bufTimes.isEmpty {
            try data.append(bufValues)
            try marker.append(bufMarkers)
            try timestamp.append(bufTimes)
            if let rawData, !bufRaw.isEmpty { try rawData.append(bufRaw) }
            bufRaw.removeAll(keepingCapacity: true)
            bufValues.removeAll(keepingCapacity: true)
            bufTimes.removeAll(keepingCapacity: true)
            bufMarkers.removeAll(keepingCapacity: true)
        }
        if !bufEvents.isEmpty {
            try eventSample.append(bufEvents.map(\.sample))
            try eventTime.append(bufEvents.map(\.time))
            try eventCode.append(bufEvents.map(\.code))
            try eventLabel.append(bufEvents.map(\.label))
            bufEvents.removeAll(keepingCapacity: true)
        }
        for sink in streams.values { try sink.flush(lslTime: lsl.map { l in { l.lslTime($0) } }) }
        for s in bufSeries {
            let sets = try seriesDatasets(group: s.group, name: s.name, columns: max(1, s.values.count), names: s.columns)
            var row = s.values
            if row.count != sets.values.columns { row = (0..<sets.values.columns).map { $0 < row.count ? row[$0] : .nan } }
            try sets.values.append(row)
            try sets.time.append([s.time])
            if let lsl { try seriesLSLTime(group: s.group, name: s.name).append([lsl.lslTime(s.time)]) }
        }
        bufSeries.removeAll()
    }

    private func group(_ name: String) throws -> HDF5Object {
        if let g = groups[name] { return g }
        let g = file.exists(name) ? try file.openGroup(name) : try file.createGroup(name)
        groups[name] = g
        return g
    }

    private func seriesDatasets(group name: String, name dataset: String, columns: Int, names: [String]) throws -> (values: AppendableDataset, time: AppendableDataset) {
        let key = name + "/" + dataset
        if let sets = seriesSets[key] { return sets }
        let g = try group(name)
        let values = try AppendableDataset(in: g, name: dataset, element: .double, columns: columns, chunkRows: 256)
        let time = try AppendableDataset(in: g, name: dataset + "Time", element: .double, columns: 0, chunkRows: 256)
        if !names.isEmpty { try values.object.setAttribute("columns", names) }
        try time.object.setAttribute("unit", "seconds since 1970-01-01T00:00:00Z")
        seriesSets[key] = (values, time)
        return (values, time)
    }

    /// `/<group>/<name>LSLTime`, the LSL-clock twin of a derived series' times.
    private func seriesLSLTime(group name: String, name dataset: String) throws -> AppendableDataset {
        let key = name + "/" + dataset
        if let set = seriesLSLTimes[key] { return set }
        let set = try AppendableDataset(in: try group(name), name: dataset + "LSLTime", element: .double, columns: 0, chunkRows: 256)
        try set.object.setAttribute("unit", "seconds (lsl_local_clock)")
        seriesLSLTimes[key] = set
        return set
    }

    // MARK: Finishing

    /// Writes what is buffered, the closing attributes (sample count, duration, completeness), closes
    /// the HDF5 file, syncs it and renames it to its final name. The journal stays until
    /// ``removeJournal()``, so that the catalog can be updated first.
    @discardableResult
    public func finish(complete: Bool, reason: String? = nil) throws -> RecordingSummary {
        precondition(!finished, "finish twice")
        HDF5Library.prepareThread()
        if !complete {
            try addEvent(code: Marker.interruptedCode, label: reason.map { "interrupted: \($0)" } ?? "interrupted")
        }
        // Events "at the next row" that never came are at the last row: an event's sample is always
        // inside the data.
        if rowCount > 0 {
            for i in bufEvents.indices where bufEvents[i].sample >= rowCount { bufEvents[i].sample = rowCount - 1 }
        }
        try flush()
        if let journal { try journal.sync() }
        let fs = metadata.source.samplingRate
        let duration = Double(rowCount) / fs
        try recording.setAttribute("SampleCount", rowCount)
        try recording.setAttribute("GapSampleCount", gapRows)
        try recording.setAttribute("Complete", Int64(complete ? 1 : 0))
        if let reason { try recording.setAttribute("EndReason", reason) }
        try recording.setAttribute("recordingTime", duration)
        if let firstTime {
            try recording.setAttribute("recordingStartTime", Self.iso(firstTime))
            try recording.setAttribute("recordingEndTime", Self.iso((lastTime ?? firstTime) + 1 / fs))
        }
        try file.setAttribute("complete", Int64(complete ? 1 : 0))
        groups.removeAll()
        seriesSets.removeAll()
        seriesLSLTimes.removeAll()
        try lsl?.close()
        lsl = nil
        try data.close(); try rawData?.close(); try marker.close(); try timestamp.close()
        for sink in streams.values { try sink.close() }
        streams.removeAll()
        try streamsGroup?.close()
        try eventSample.close(); try eventTime.close(); try eventCode.close(); try eventLabel.close()
        try recording.close(); try events.close()
        try file.close()
        finished = true
        let partial = partialURL
        let fd = open(partial.path, O_RDONLY)
        if fd >= 0 { fsync(fd); close(fd) }
        guard rename(partial.path, url.path) == 0 else {
            throw StorageError.io(path: url.path, reason: "cannot rename finished recording: \(String(cString: strerror(errno)))")
        }
        AtomicFile.syncFolder(url.deletingLastPathComponent())
        return RecordingSummary(url: url, samples: rowCount, gapSamples: gapRows, events: eventCount, complete: complete, reason: reason, duration: duration)
    }

    /// Removes the crash journal of a finished recording (after the catalog knows the file).
    public func removeJournal() {
        Self.removeJournal(for: url)
    }

    /// Removes the journal of the recording finished as `url`.
    public static func removeJournal(for url: URL) {
        unlink(journalURL(for: url).path)
        AtomicFile.syncFolder(url.deletingLastPathComponent())
    }

    // MARK: Metadata

    private func writeStaticMetadata() throws {
        let m = metadata
        let r = recording
        // The reference app's v3 attributes, with the same names and [1, 1] integer shape.
        try r.setAttribute("Version", 3, myndShape: true)
        try r.setAttribute("Session", Int64(m.session), myndShape: true)
        try r.setAttribute("Run", Int64(m.run), myndShape: true)
        // The reference's subjectInfo keys, typed.
        try r.setAttribute("subjectID", m.participant)
        try r.setAttribute("sessionID", Int64(m.session))
        try r.setAttribute("runID", Int64(m.run))
        try r.setAttribute("day", Int64(m.day))
        try r.setAttribute("device", m.source.kind)
        try r.setAttribute("samplingRate", m.source.samplingRate)
        try r.setAttribute("channelCount", Int64(m.source.channelCount))
        try r.setAttribute("channelNames", m.source.channelNames)
        if let locale = m.locale { try r.setAttribute("locale", locale) }
        // Typed metadata the reference lacked.
        try r.setAttribute("SamplingRate", m.source.samplingRate)
        try r.setAttribute("Unit", m.source.unit)
        if let range = m.source.eeg.physicalRange {
            // What the device can measure (not what this recording reached): exports scale to it.
            try r.setAttribute("PhysicalMinimum", range.lowerBound)
            try r.setAttribute("PhysicalMaximum", range.upperBound)
        }
        try r.setAttribute("DeviceManufacturer", m.source.manufacturer)
        try r.setAttribute("DeviceModel", m.source.model)
        if let serial = m.source.serial { try r.setAttribute("DeviceSerial", serial) }
        if let firmware = m.source.firmware { try r.setAttribute("DeviceFirmware", firmware) }
        if let hardware = m.source.hardware { try r.setAttribute("DeviceHardware", hardware) }
        if let anchor = m.clockAnchor {
            try r.setAttribute("ClockAnchorUTC", anchor.utc)
            try r.setAttribute("ClockAnchorMonotonic", anchor.monotonic)
            try r.setAttribute("TimeBase", "recording clock: UTC seconds = ClockAnchorUTC + (CLOCK_MONOTONIC seconds - ClockAnchorMonotonic)")
        }
        if !m.source.properties.isEmpty || !m.source.electrodeGroups.isEmpty {
            let device = try group("Device")
            for (key, value) in m.source.properties.sorted(by: { $0.key < $1.key }) { try device.setAttribute(key, value) }
            for (name, labels) in m.source.electrodeGroups.sorted(by: { $0.key < $1.key }) { try device.setAttribute("ElectrodeGroup." + name, labels) }
        }
        try r.setAttribute("SoftwareVersion", m.softwareVersion)
        if let study = m.study { try r.setAttribute("Study", study) }
        try r.setAttribute("ParticipantID", m.participant)
        try r.setAttribute("CreatedUTC", Self.iso(m.created.timeIntervalSince1970))
        if let line = m.powerLineFrequency { try r.setAttribute("PowerLineFrequency", line) }
        try r.setAttribute("Complete", Int64(0))
        for (key, value) in m.extra.sorted(by: { $0.key < $1.key }) { try Self.setAttribute(r, key, value) }
        if let p = m.paradigm {
            let g = try file.createGroup("Paradigm")
            try g.setAttribute("Paradigm", p.title)
            // Whole seconds as integers, as the reference wrote them; fractions (−0.5 s) as doubles.
            for (name, value) in [("BaseTime", p.baseTime), ("TrialTime", p.trialTime)] {
                if value.rounded() == value && abs(value) < 1e15 { try g.setAttribute(name, Int64(value)) } else { try g.setAttribute(name, value) }
            }
            try g.setAttribute("ConditionCount", Int64(p.conditionLabels.count))
            try g.writeStrings("ConditionLabels", p.conditionLabels, dims: [1, p.conditionLabels.count])
            try g.writeInt64s("ConditionMarkers", p.conditionMarkers, dims: [1, p.conditionMarkers.count])
            try g.writeInt64s("BaseMarkers", p.baseMarkers, dims: [1, p.baseMarkers.count])
            try g.close()
        }
    }

    static func setAttribute(_ object: HDF5Object, _ name: String, _ value: MetadataValue) throws {
        switch value {
        case .string(let s): try object.setAttribute(name, s)
        case .int(let i): try object.setAttribute(name, i)
        case .double(let d): try object.setAttribute(name, d)
        }
    }

    static func iso(_ seconds: Double) -> String {
        UTCTimestamp.iso8601(Date(timeIntervalSince1970: seconds), fractionDigits: 3)
    }
}
