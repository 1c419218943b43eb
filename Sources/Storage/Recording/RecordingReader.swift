public import DataSources
public import Foundation
import Synchronization

/// Reads a recording written by ``RecordingWriter`` (or by the reference app: the v3 names are the
/// same): its channels, rate and metadata, its samples in blocks, its events and derived series.
/// Conforms to ``RecordedSignal``, so a ``ReplaySource`` can play it back.
package final class RecordingReader: RecordedSignal, Sendable {
    private typealias R = RecordingFormat.Recording
    private typealias A = RecordingFormat.Recording.Attribute
    private typealias S = RecordingFormat.Streams
    private typealias D = RecordingFormat.Device
    private typealias E = RecordingFormat.Events
    private typealias P = RecordingFormat.Paradigm
    private static let T = RecordingFormat.seriesTimeSuffix
    /// The file.
    package let url: URL
    /// The device and its streams, as stored (raw coding and auxiliary streams included).
    package let descriptor: DeviceDescriptor
    /// The anchor of the recording clock, when stored.
    package let clockAnchor: ClockAnchor?
    /// Rows in `/Recording/Data`.
    package let sampleCount: Int64
    /// Whether the recording ran its planned course and, if not, why it ended (the `Complete` and
    /// `EndReason` attributes): incomplete for interrupted or recovered files; complete for
    /// reference-app files, which have no such flag.
    package let outcome: RecordingOutcome
    /// The participant's UUID (`subjectID`), if stored.
    package let participant: String?
    /// The study, day, session and run, when stored.
    package let study: String?
    /// Study day.
    package let day: Int?
    /// The session within its study day, 1-based ("day 2, session 3"; 0 for enrolment and for
    /// items made outside a study).
    package let session: Int?
    /// Run index.
    package let run: Int?
    /// The mains frequency stored with the recording.
    package let powerLineFrequency: Double?
    /// The paradigm (`/Paradigm`): title, condition labels and markers, base markers and times.
    package let paradigm: Paradigm?
    /// Where the recording came from (`/Provenance`); `nil` for a file without that group (written
    /// before it existed, or by the reference app).
    package let provenance: Provenance?

    private struct Handles {
        let file: HDF5Object
        let data: HDF5Object
        let marker: HDF5Object?
        let timestamp: HDF5Object?
        let raw: HDF5Object?
    }

    private let handles: Mutex<Handles>

    /// Opens the recording at `url` and runs `body` with it, both on ``BlockingExecutor/shared``
    /// (HDF5's calls block), and returns what `body` returns: the async way to read a recording,
    /// which never holds a thread of the cooperative pool. Throws what ``init(url:)`` throws and
    /// what `body` throws.
    ///
    /// ```swift
    /// let account = try await RecordingReader.withReader(at: url) { try RecordingAccount($0) }
    /// ```
    package static func withReader<T: Sendable>(
        at url: URL, _ body: @escaping @Sendable (RecordingReader) throws -> T
    ) async throws -> T {
        try await BlockingExecutor.shared.run("read recording") { () throws(any Error) in try body(RecordingReader(url: url)) }
    }

    /// Opens `url` read-only, on the calling thread (``withReader(at:_:)`` is the async way). Throws
    /// ``StorageError/notARecording(path:reason:)`` when it is not an HDF5 recording or its layout is
    /// outside what can be read (see ``RecordingLayout``): nothing sized by a stored dimension is
    /// allocated before that check.
    package init(url: URL) throws {
        self.url = url
        let file: HDF5Object
        do {
            file = try HDF5File.openReadOnly(url.path)
        } catch {
            throw StorageError.notARecording(path: url.path, reason: "not an HDF5 file or unreadable")
        }
        guard file.exists(R.group), let group = try? file.openGroup(R.group), group.exists(R.data),
            let data = try? group.openDataset(R.data)
        else {
            throw StorageError.notARecording(path: url.path, reason: "no /Recording/Data dataset")
        }
        let layout = try RecordingLayout(path: url.path, group: group, data: data)
        try RecordingLayout.checkEvents(in: file, rows: layout.rows, path: url.path)
        let names = layout.channelNames
        let rate = layout.samplingRate
        let raw = layout.raw
        var eeg = StreamDescriptor(name: "eeg", kind: .eeg, channelLabels: names, unit: group.stringAttribute(A.unit) ?? "uV", samplingRate: rate)
        if let raw, let bits = raw.intAttribute(R.RawAttribute.bits), let scale = raw.doubleAttribute(R.RawAttribute.scale),
            let offset = raw.doubleAttribute(R.RawAttribute.offset)
        {
            eeg.rawCoding = .init(bits: Int(bits), scale: scale, offset: offset)
        }
        if let low = group.doubleAttribute(A.physicalMinimum), let high = group.doubleAttribute(A.physicalMaximum), low < high {
            eeg.physicalRange = low...high
        }
        var streams = [eeg]
        if file.exists(S.group), let g = try? file.openGroup(S.group) {
            for name in g.memberNames().sorted() {
                guard let sg = try? g.openGroup(name) else { continue }
                let streamRate = sg.doubleAttribute(S.samplingRate) ?? 0
                guard streamRate.isFinite, streamRate >= 0, streamRate <= RecordingLimits.samplingRate.upperBound else {
                    throw StorageError.notARecording(path: url.path, reason: "stream \(name) has sampling rate \(streamRate)")
                }
                streams.append(
                    StreamDescriptor(
                        name: name, kind: sg.stringAttribute(S.kind).flatMap(StreamDescriptor.Kind.init(rawValue:)) ?? .telemetry,
                        channelLabels: sg.stringArrayAttribute(S.channelNames) ?? [], unit: sg.stringAttribute(S.unit) ?? "",
                        samplingRate: streamRate))
            }
        }
        var properties: [String: String] = [:]
        var groups: [String: [String]] = [:]
        if file.exists(D.group), let d = try? file.openGroup(D.group) {
            for name in d.attributeNames() {
                if name.hasPrefix(D.electrodeGroupPrefix) {
                    groups[String(name.dropFirst(D.electrodeGroupPrefix.count))] = d.stringArrayAttribute(name) ?? []
                } else if let value = d.stringAttribute(name) {
                    properties[name] = value
                }
            }
        }
        let provenance =
            file.exists(RecordingFormat.Provenance.group) ? (try? file.openGroup(RecordingFormat.Provenance.group)).map(Self.readProvenance) : nil
        self.provenance = provenance
        descriptor = DeviceDescriptor(
            kind: group.stringAttribute(A.device) ?? "unknown",
            manufacturer: group.stringAttribute(A.deviceManufacturer) ?? "unknown",
            model: group.stringAttribute(A.deviceModel) ?? "unknown",
            serial: group.stringAttribute(A.deviceSerial), firmware: group.stringAttribute(A.deviceFirmware),
            hardware: group.stringAttribute(A.deviceHardware), properties: properties, streams: streams, electrodeGroups: groups,
            origin: provenance?.source, decoder: provenance?.decoderVersion)
        if let utc = group.doubleAttribute(A.clockAnchorUTC), let mono = group.doubleAttribute(A.clockAnchorMonotonic) {
            clockAnchor = ClockAnchor(monotonic: mono, utc: utc)
        } else {
            clockAnchor = nil
        }
        sampleCount = Int64(layout.rows)
        outcome = RecordingOutcome(
            isComplete: (group.intAttribute(A.complete) ?? 1) == 1, reason: group.stringAttribute(A.endReason))
        participant = group.stringAttribute(A.participantID) ?? group.stringAttribute(A.subjectID)
        study = group.stringAttribute(A.study)
        day = group.intAttribute(A.day)
        session = group.intAttribute(A.session)
        run = group.intAttribute(A.run)
        // Mains is 50 or 60 Hz; anything else stored (NaN from a damaged file) counts as not stored.
        powerLineFrequency = group.doubleAttribute(A.powerLineFrequency).flatMap { $0 == 50 || $0 == 60 ? $0 : nil }
        if file.exists(P.group), let p = try? file.openGroup(P.group) {
            paradigm = Self.readParadigm(p)
        } else {
            paradigm = nil
        }
        handles = Mutex(Handles(file: file, data: data, marker: layout.marker, timestamp: layout.timestamp, raw: raw))
    }

    /// What the device sent (`/Device/Notifications`, ``RecordingFormat/Device/Notifications``): every
    /// stored notification with its times, channel and bytes, and how many leading rows are the
    /// connection's prologue a recording that joined a running source was given. `nil` when the
    /// recording keeps no device bytes (a source that decodes nothing, or an older recording).
    /// Throws when the stored lengths and bytes disagree (a damaged file).
    package func deviceNotifications() throws -> (notifications: DeviceNotifications, prologueEntries: Int)? {
        typealias N = RecordingFormat.Device.Notifications
        return try handles.withLock { h in
            let file = h.file
            guard file.exists(RecordingFormat.Device.group), let device = try? file.openGroup(RecordingFormat.Device.group),
                device.exists("Notifications"), let g = try? device.openGroup("Notifications")
            else { return nil }
            let time = try g.openDataset(N.time)
            let count = try DatasetReader.dims(time).first ?? 0
            var batch = DeviceNotifications(
                channelNames: g.stringArrayAttribute(N.channels) ?? [], receiveClockScale: g.doubleAttribute(N.receiveClockScale) ?? 1)
            batch.times = try DatasetReader.readDoubles(time, start: 0, count: count)
            batch.receiveClock = try DatasetReader.readInt64s(try g.openDataset(N.receiveClock), start: 0, count: count)
            batch.channels = try DatasetReader.readUInt8s(try g.openDataset(N.channel), start: 0, count: count)
            batch.lengths = try DatasetReader.readUInt16s(try g.openDataset(N.length), start: 0, count: count)
            let bytes = try g.openDataset(N.bytes)
            let total = try DatasetReader.dims(bytes).first ?? 0
            batch.bytes = try DatasetReader.readUInt8s(bytes, start: 0, count: total)
            guard batch.receiveClock.count == count, batch.channels.count == count, batch.lengths.count == count,
                batch.lengths.reduce(0, { $0 + Int($1) }) == batch.bytes.count
            else {
                throw StorageError.notARecording(path: url.path, reason: "/Device/Notifications: its lengths and bytes disagree")
            }
            return (batch, max(0, min(count, g.intAttribute(N.prologueEntries) ?? 0)))
        }
    }

    /// The `/Provenance` group's attributes; a source name this version does not know reads as
    /// ``SignalOrigin/other``, a missing flag as not scripted, a missing speed as real time.
    private static func readProvenance(_ g: HDF5Object) -> Provenance {
        typealias V = RecordingFormat.Provenance
        let decoder = g.stringAttribute(V.decoderVersion)
        var p = Provenance(
            source: g.stringAttribute(V.source).map { SignalOrigin(rawValue: $0) ?? .other },
            scriptedParticipant: (g.intAttribute(V.scriptedParticipant) ?? 0) != 0, speed: g.doubleAttribute(V.speed) ?? 1,
            softwareVersion: g.stringAttribute(V.softwareVersion) ?? "unknown", decoderVersion: decoder == V.noDecoder ? nil : decoder,
            commandLine: g.stringArrayAttribute(V.commandLine))
        p.recordedDecoderVersion = g.stringAttribute(V.recordedDecoderVersion)
        return p
    }

    /// The paradigm's title, when the file has a titled `/Paradigm` group: ``paradigm``'s title, kept
    /// only so that older callers compile (one name per concept: use ``paradigm``).
    @available(*, deprecated, message: "use paradigm?.title")
    package var paradigmTitle: String? { paradigm.flatMap { $0.title.isEmpty ? nil : $0.title } }

    /// The EEG channel names, rate and unit, as stored (shorthands for ``descriptor``'s EEG stream).
    package var channelNames: [String] { descriptor.channelNames }
    /// The EEG sampling rate in Hz.
    package var samplingRate: Double { descriptor.samplingRate }

    /// Reads up to `count` EEG rows from `start` as a block of the `eeg` stream: values row-major
    /// (`count × channels`, in the stored unit, `NaN` where samples were lost), times in seconds since
    /// the epoch from `TimeStamp`, markers from `Marker` where non-zero, and the raw codes when the
    /// recording has `RawData`.
    package func readBlock(from start: Int64, count: Int) throws -> SampleBlock {
        let channels = max(1, descriptor.channelCount)
        return try handles.withLock { h in
            let values = try DatasetReader.readDoubles(h.data, start: Int(start), count: count)
            let rows = values.count / channels
            let fs = descriptor.samplingRate
            var times: [Double]
            if let ts = h.timestamp {
                times = try DatasetReader.readInt64s(ts, start: Int(start), count: rows).map { Double($0) / 1_000_000 }
            } else {
                times = (0..<rows).map { Double(start + Int64($0)) / fs }
            }
            if times.count < rows { times += (times.count..<rows).map { Double(start + Int64($0)) / fs } }
            let codes = try h.marker.map { try DatasetReader.readInt64s($0, start: Int(start), count: rows) } ?? []
            var markers: [BlockMarker] = []
            for (r, code) in codes.prefix(rows).enumerated() where code != 0 {
                markers.append(BlockMarker(row: r, marker: Marker(code: Int32(truncatingIfNeeded: code))))
            }
            var raw: [UInt16]?
            if let ds = h.raw {
                let read = try DatasetReader.readUInt16s(ds, start: Int(start), count: rows)
                raw = read.count == rows * channels ? read : nil
            }
            return SampleBlock(
                stream: descriptor.eeg.name, firstIndex: start, channelCount: channels, values: Array(values.prefix(rows * channels)),
                times: Array(times.prefix(rows)), raw: raw, markers: markers)
        }
    }

    /// Reads every stored EEG row once, in blocks of about 8 MB, so a file whose bytes fail to read
    /// part-way is refused before anything is made from it (a replay stores nothing, for instance).
    /// Throws ``StorageError/notARecording(path:reason:)`` naming the first block that failed.
    package func checkReadable() throws {
        let blockRows = max(1, (1 << 20) / max(1, descriptor.channelCount))
        var row: Int64 = 0
        while row < sampleCount {
            let block: SampleBlock
            do {
                block = try readBlock(from: row, count: blockRows)
            } catch {
                let reason = if case .hdf5(let operation, _, let why) = error as? StorageError { "HDF5 \(operation): \(why)" } else { "\(error)" }
                throw StorageError.notARecording(path: url.path, reason: "rows from \(row) cannot be read (\(reason))")
            }
            if block.isEmpty { break }
            row += Int64(block.count)
        }
    }

    /// Up to `count` EEG rows from `start`, values only (row-major, `NaN` where samples were lost):
    /// for exports, which need neither times nor raw codes per row.
    package func readValues(from start: Int64, count: Int) throws -> [Double] {
        return try handles.withLock { h in try DatasetReader.readDoubles(h.data, start: Int(start), count: count) }
    }

    /// The whole auxiliary stream `name` (`/Streams/<name>`): times (seconds since the epoch) and
    /// values row-major, or `nil` when the recording has no such stream.
    package func stream(named name: String) throws -> (times: [Double], values: [Double], columns: Int)? {
        return try handles.withLock { h in
            guard h.file.exists(S.group), let g = try? h.file.openGroup(S.group), g.exists(name), let sg = try? g.openGroup(name) else { return nil }
            let data = try sg.openDataset(S.data)
            let dims = try DatasetReader.dims(data)
            let values = try DatasetReader.readDoubles(data, start: 0, count: dims.first ?? 0)
            let times = try DatasetReader.readInt64s(try sg.openDataset(S.timeStamp), start: 0, count: dims.first ?? 0).map { Double($0) / 1_000_000 }
            return (times, values, dims.count > 1 ? dims[1] : 1)
        }
    }

    /// Whether the recording stores its times on LSL's clock too (`--clock lsl`, `/LSLClock`).
    package var hasLSLTimes: Bool {
        return handles.withLock { h in
            guard h.file.exists(RecordingFormat.LSLClock.group), let g = try? h.file.openGroup(RecordingFormat.Recording.group) else { return false }
            return g.exists(RecordingFormat.Recording.lslTimeStamp)
        }
    }

    /// Up to `count` LSL-clock times (seconds) of the EEG rows from `start`
    /// (`/Recording/LSLTimeStamp`), or `nil` when the recording has none.
    package func readLSLTimes(from start: Int64, count: Int) throws -> [Double]? {
        typealias R = RecordingFormat.Recording
        return try handles.withLock { h in
            guard h.file.exists(RecordingFormat.LSLClock.group), let g = try? h.file.openGroup(R.group), g.exists(R.lslTimeStamp) else { return nil }
            return try DatasetReader.readDoubles(try g.openDataset(R.lslTimeStamp), start: Int(start), count: count)
        }
    }

    /// The pairs of recording-clock and LSL-clock readings in `/LSLClock` (taken together when the
    /// recording began and every 10 s), oldest first, or `nil` when the recording has none: what
    /// ``LSLClockMapping/lslTime(recordingTime:points:)`` maps any recording-clock time with.
    package func lslClockPoints() throws -> [(recording: Double, lsl: Double)]? {
        typealias L = RecordingFormat.LSLClock
        HDF5Library.prepareThread()
        return try handles.withLock { h in
            guard h.file.exists(L.group), let g = try? h.file.openGroup(L.group), g.exists(L.recordingClock), g.exists(L.lslClock) else { return nil }
            let recording = try g.openDataset(L.recordingClock), lsl = try g.openDataset(L.lslClock)
            let r = try DatasetReader.readDoubles(recording, start: 0, count: try DatasetReader.dims(recording).first ?? 0)
            let l = try DatasetReader.readDoubles(lsl, start: 0, count: try DatasetReader.dims(lsl).first ?? 0)
            return zip(r, l).map { (recording: $0, lsl: $1) }
        }
    }

    /// The LSL-clock times (seconds) of the events, in the order of ``events()`` (`/Events/LSLTime`),
    /// or `nil` when the recording has none.
    package func eventLSLTimes() throws -> [Double]? {
        typealias E = RecordingFormat.Events
        return try handles.withLock { h in
            guard h.file.exists(RecordingFormat.LSLClock.group), h.file.exists(E.group), let g = try? h.file.openGroup(E.group), g.exists(E.lslTime)
            else { return nil }
            let ds = try g.openDataset(E.lslTime)
            return try DatasetReader.readDoubles(ds, start: 0, count: try DatasetReader.dims(ds).first ?? 0)
        }
    }

    /// The events table (empty for files without one).
    package func events() throws -> [RecordingEvent] {
        return try handles.withLock { h in
            guard h.file.exists(E.group) else { return [] }
            let g = try h.file.openGroup(E.group)
            let n = try DatasetReader.dims(try g.openDataset(E.sampleIndex)).first ?? 0
            let samples = try DatasetReader.readInt64s(try g.openDataset(E.sampleIndex), start: 0, count: n)
            let times = try DatasetReader.readDoubles(try g.openDataset(E.time), start: 0, count: n)
            let codes = try DatasetReader.readInt64s(try g.openDataset(E.code), start: 0, count: n)
            let labels = try DatasetReader.readStrings(try g.openDataset(E.label))
            return (0..<min(samples.count, times.count, codes.count, labels.count)).map {
                RecordingEvent(sample: samples[$0], time: times[$0], code: Int32(clamping: codes[$0]), label: labels[$0])
            }
        }
    }

    /// The derived series stored in `/<group>` (e.g. `Quality`): the names of datasets that have a
    /// companion `<name>Time`, sorted; empty when the group does not exist.
    package func seriesNames(group: String) -> [String] {
        return handles.withLock { h in
            guard h.file.exists(group), let g = try? h.file.openGroup(group) else { return [] }
            let members = Set(g.memberNames())
            return members.filter { !$0.hasSuffix(Self.T) && members.contains($0 + Self.T) }.sorted()
        }
    }

    /// The column names of the derived series `/<group>/<name>` (its `columns` attribute), or `nil`.
    package func seriesColumns(group: String, name: String) -> [String]? {
        return handles.withLock { h in
            guard h.file.exists(group), let g = try? h.file.openGroup(group), g.exists(name), let ds = try? g.openDataset(name) else { return nil }
            return ds.stringArrayAttribute(RecordingFormat.Series.columns)
        }
    }

    /// A string attribute of the group `/<group>` (e.g. `Quality`'s `BandPowerMethod`), or `nil`.
    package func groupAttribute(group: String, name: String) -> String? {
        return handles.withLock { h in
            guard h.file.exists(group), let g = try? h.file.openGroup(group) else { return nil }
            return g.stringAttribute(name)
        }
    }

    private static func readParadigm(_ p: HDF5Object) -> Paradigm {
        func strings(_ name: String) -> [String] {
            guard p.exists(name), let ds = try? p.openDataset(name) else { return [] }
            return (try? DatasetReader.readStrings(ds)) ?? []
        }
        // Marker codes are stored as 64-bit integers; as `Marker` codes (see the block reader) they are 32-bit.
        func ints(_ name: String) -> [Int32] {
            guard p.exists(name), let ds = try? p.openDataset(name), let dims = try? DatasetReader.dims(ds) else { return [] }
            return ((try? DatasetReader.readInt64s(ds, start: 0, count: dims.first ?? 0)) ?? []).map { Int32(truncatingIfNeeded: $0) }
        }
        return Paradigm(
            title: p.stringAttribute(P.title) ?? "", conditionLabels: strings(P.conditionLabels), conditionMarkers: ints(P.conditionMarkers),
            baseMarkers: ints(P.baseMarkers), baseTime: p.doubleAttribute(P.baseTime) ?? 0, trialTime: p.doubleAttribute(P.trialTime) ?? 0)
    }

    /// The number of rows of the derived series `/<group>/<name>`, or `nil` when it (or its
    /// companion `<name>Time`) is not there.
    package func seriesRowCount(group: String, name: String) throws -> Int? {
        return try handles.withLock { h in
            guard h.file.exists(group) else { return nil }
            let g = try h.file.openGroup(group)
            guard g.exists(name), g.exists(name + Self.T) else { return nil }
            return try DatasetReader.dims(try g.openDataset(name)).first ?? 0
        }
    }

    /// Up to `count` rows from `start` of the derived series `/<group>/<name>` (row-major) with their
    /// times, or `nil` when the series is not there: for reading a long series in pieces.
    package func series(group: String, name: String, from start: Int, count: Int) throws -> (times: [Double], values: [Double], columns: Int)? {
        return try handles.withLock { h in
            guard h.file.exists(group) else { return nil }
            let g = try h.file.openGroup(group)
            guard g.exists(name), g.exists(name + Self.T) else { return nil }
            let ds = try g.openDataset(name)
            let dims = try DatasetReader.dims(ds)
            let values = try DatasetReader.readDoubles(ds, start: start, count: count)
            let columns = dims.count > 1 ? dims[1] : 1
            let times = try DatasetReader.readDoubles(try g.openDataset(name + Self.T), start: start, count: values.count / max(1, columns))
            return (times, values, columns)
        }
    }

    /// The time of the first EEG row (seconds since the epoch, from `TimeStamp`), or `nil` for a
    /// recording without rows.
    package func firstRowTime() throws -> Double? {
        guard sampleCount > 0 else { return nil }
        return try readBlock(from: 0, count: 1).times.first
    }

    /// A derived series `/<group>/<name>` (rows × columns, row-major) with its times, or `nil`.
    package func series(group: String, name: String) throws -> (times: [Double], values: [Double], columns: Int)? {
        try series(group: group, name: name, from: 0, count: .max)
    }
}
