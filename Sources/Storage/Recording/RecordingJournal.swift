import DataSources
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The crash journal of a recording in progress: an append-only file next to the HDF5 file that gets
/// every row and event at least once a second, so a killed process loses at most the last second.
///
/// HDF5 files that are not closed properly may be unreadable, so recovery never trusts the
/// half-written `.h5.partial`; it rebuilds the recording from this journal. Every record carries a
/// CRC-32; a torn last record (the process died mid-write) is detected and ignored. The writer holds an
/// exclusive `flock` on the journal for its whole life, which tells recovery whether the recording
/// is still in progress in another process.
///
/// Layout (little-endian): magic `SRJOURN1`, u32 length + JSON ``RecordingMetadata`` + u32 CRC, then
/// records `u8 type, u32 length, payload, u32 CRC(type+payload)`: type 1 rows (u32 count, u32
/// channels, per row i64 time µs, i64 marker, channels × f64), type 2 event (i64 sample, f64 time,
/// i32 code, string label), type 3 series row (string group, string name, f64 time, u32 n, n × f64,
/// string column names joined by tabs), type 4 group attribute (string group, string name, JSON value),
/// type 7 placed marker (as type 2; the event's row of `/Recording/Marker` takes its code), type 8
/// LSL clock pair (f64 recording clock, f64 `lsl_local_clock`; written before the rows of its flush),
/// type 9 device notifications (u32 channel-name count, strings, f64 receive-clock scale, u32 rows
/// that are a late recording's prologue, u32 n, n × (f64 time, i64 receive clock, u8 channel, u16
/// length), the bytes).
struct RecordingJournal {
    static let magic: [UInt8] = Array("SRJOURN1".utf8)

    enum Record {
        case rows(timestampsMicros: [Int64], markers: [Int64], values: [Double], channels: Int)
        case event(RecordingEvent)
        case series(group: String, name: String, time: Double, values: [Double], columns: [String])
        case attribute(group: String, name: String, value: MetadataValue)
        /// The device's raw codes of the EEG rows of the preceding ``rows`` record.
        case rawRows(codes: [UInt16], channels: Int)
        /// Rows of an auxiliary stream (accelerometer, gyroscope, PPG, telemetry), by sample index.
        case streamRows(stream: String, firstIndex: Int64, timestampsMicros: [Int64], values: [Double], channels: Int)
        /// A marker placed on an EEG row written earlier: an event whose row's marker takes its code.
        case placedMarker(RecordingEvent)
        /// A pair of the LSL clock mapping (``DataSources/LSLClockMapping``): recording-clock and LSL
        /// seconds read together. The stored LSL times of the rows that follow are derived from it.
        case lslClockPoint(recording: Double, lsl: Double)
        /// The device's notifications of one flush (``DataSources/DeviceNotifications``).
        case notifications(DeviceNotifications, prologue: Int)
    }

    // MARK: Encoding

    static func header(_ metadata: RecordingMetadata) throws -> [UInt8] {
        let json = try Self.encoder.encode(metadata)
        var w = ByteWriter()
        w.bytes.append(contentsOf: magic)
        w.u32(UInt32(json.count))
        w.bytes.append(contentsOf: json)
        w.u32(json.withUnsafeBytes { CRC32.checksum($0) })
        return w.bytes
    }

    static func encode(_ record: Record, into out: inout ByteWriter) {
        var p = ByteWriter()
        let type: UInt8
        switch record {
        case .rows(let ts, let markers, let values, let channels):
            type = 1
            p.u32(UInt32(ts.count))
            p.u32(UInt32(channels))
            p.bytes.reserveCapacity(8 + ts.count * (16 + 8 * channels))
            for r in 0..<ts.count {
                p.i64(ts[r])
                p.i64(markers[r])
                for c in 0..<channels { p.f64(values[r * channels + c]) }
            }
        case .event(let e), .placedMarker(let e):
            if case .placedMarker = record { type = 7 } else { type = 2 }
            p.i64(e.sample)
            p.f64(e.time)
            p.i32(e.code)
            p.string(e.label)
        case .series(let group, let name, let time, let values, let columns):
            type = 3
            p.string(group)
            p.string(name)
            p.f64(time)
            p.u32(UInt32(values.count))
            for v in values { p.f64(v) }
            p.string(columns.joined(separator: "\t"))
        case .attribute(let group, let name, let value):
            type = 4
            p.string(group)
            p.string(name)
            p.string(String(decoding: (try? encoder.encode(value)) ?? Data(), as: UTF8.self))
        case .rawRows(let codes, let channels):
            type = 5
            p.u32(UInt32(codes.count))
            p.u32(UInt32(channels))
            p.bytes.reserveCapacity(8 + 2 * codes.count)
            for c in codes { p.bytes.append(UInt8(c & 0xFF)); p.bytes.append(UInt8(c >> 8)) }
        case .streamRows(let stream, let firstIndex, let ts, let values, let channels):
            type = 6
            p.string(stream)
            p.i64(firstIndex)
            p.u32(UInt32(ts.count))
            p.u32(UInt32(channels))
            for r in 0..<ts.count {
                p.i64(ts[r])
                for c in 0..<channels { p.f64(values[r * channels + c]) }
            }
        case .lslClockPoint(let recording, let lsl):
            type = 8
            p.f64(recording)
            p.f64(lsl)
        case .notifications(let n, let prologue):
            type = 9
            p.u32(UInt32(n.channelNames.count))
            for name in n.channelNames { p.string(name) }
            p.f64(n.receiveClockScale)
            p.u32(UInt32(prologue))
            p.u32(UInt32(n.count))
            p.bytes.reserveCapacity(p.bytes.count + n.count * 19 + n.bytes.count)
            for i in 0..<n.count {
                p.f64(n.times[i])
                p.i64(n.receiveClock[i])
                p.u8(n.channels[i])
                p.bytes.append(UInt8(n.lengths[i] & 0xFF))
                p.bytes.append(UInt8(n.lengths[i] >> 8))
            }
            p.bytes.append(contentsOf: n.bytes)
        }
        out.u8(type)
        out.u32(UInt32(p.bytes.count))
        out.bytes.append(contentsOf: p.bytes)
        var crc = withUnsafeBytes(of: type) { CRC32.checksum($0) }
        crc = p.bytes.withUnsafeBytes { CRC32.checksum($0, crc: crc) }
        out.u32(crc)
    }

    // MARK: Decoding

    /// Reads a journal: its metadata and every intact record, stopping at the first torn or corrupt one.
    static func read(_ url: URL, header: (RecordingMetadata) throws -> Void = { _ in }, _ visit: (Record) throws -> Void) throws -> RecordingMetadata
    {
        let bytes: [UInt8]
        do {
            bytes = [UInt8](try Data(contentsOf: url))
        } catch {
            throw StorageError.io(path: url.path, reason: "cannot read journal")
        }
        var r = ByteReader(bytes)
        guard let m = r.take(magic.count), Array(m) == magic, let n = r.u32(), let json = r.take(Int(n)), let crc = r.u32(),
            json.withUnsafeBytes({ CRC32.checksum($0) }) == crc
        else {
            throw StorageError.notARecording(path: url.path, reason: "journal header is damaged")
        }
        let metadata: RecordingMetadata
        do {
            metadata = try decoder.decode(RecordingMetadata.self, from: Data(json))
        } catch {
            throw StorageError.notARecording(path: url.path, reason: "journal metadata unreadable")
        }
        try header(metadata)
        while r.remaining > 0 {
            guard let type = r.u8(), let length = r.u32(), let payload = r.take(Int(length)), let crc = r.u32() else { break }
            var check = withUnsafeBytes(of: type) { CRC32.checksum($0) }
            check = payload.withUnsafeBytes { CRC32.checksum($0, crc: check) }
            guard check == crc, let record = decode(type: type, payload: Array(payload)) else { break }
            try visit(record)
        }
        return metadata
    }

    private static func decode(type: UInt8, payload: [UInt8]) -> Record? {
        var p = ByteReader(payload)
        switch type {
        case 1:
            guard let count = p.u32().map(Int.init), let channels = p.u32().map(Int.init) else { return nil }
            // A record cannot hold more values than its payload has bytes: no allocation from a damaged count.
            guard count.multipliedReportingOverflow(by: channels + 2).partialValue <= payload.count / 8,
                !count.multipliedReportingOverflow(by: channels + 2).overflow
            else { return nil }
            var ts = [Int64](), markers = [Int64](), values = [Double]()
            ts.reserveCapacity(count)
            markers.reserveCapacity(count)
            values.reserveCapacity(count * channels)
            for _ in 0..<count {
                guard let t = p.i64(), let m = p.i64() else { return nil }
                ts.append(t)
                markers.append(m)
                for _ in 0..<channels {
                    guard let v = p.f64() else { return nil }
                    values.append(v)
                }
            }
            return .rows(timestampsMicros: ts, markers: markers, values: values, channels: channels)
        case 2:
            guard let sample = p.i64(), let time = p.f64(), let code = p.i32(), let label = p.string() else { return nil }
            return .event(RecordingEvent(sample: sample, time: time, code: code, label: label))
        case 9:
            guard let names = p.u32().map(Int.init), names <= 256 else { return nil }
            var batch = DeviceNotifications()
            for _ in 0..<names {
                guard let name = p.string() else { return nil }
                batch.channelNames.append(name)
            }
            guard let scale = p.f64(), let prologue = p.u32().map(Int.init), let count = p.u32().map(Int.init), count <= p.remaining / 19
            else { return nil }
            batch.receiveClockScale = scale
            var total = 0
            for _ in 0..<count {
                guard let t = p.f64(), let clock = p.i64(), let channel = p.u8(), let lo = p.u8(), let hi = p.u8() else { return nil }
                let length = UInt16(lo) | UInt16(hi) << 8
                batch.times.append(t)
                batch.receiveClock.append(clock)
                batch.channels.append(channel)
                batch.lengths.append(length)
                total += Int(length)
            }
            guard let bytes = p.take(total) else { return nil }
            batch.bytes = Array(bytes)
            return .notifications(batch, prologue: prologue)
        case 8:
            guard let recording = p.f64(), let lsl = p.f64() else { return nil }
            return .lslClockPoint(recording: recording, lsl: lsl)
        case 7:
            guard let sample = p.i64(), let time = p.f64(), let code = p.i32(), let label = p.string() else { return nil }
            return .placedMarker(RecordingEvent(sample: sample, time: time, code: code, label: label))
        case 3:
            guard let group = p.string(), let name = p.string(), let time = p.f64(), let n = p.u32() else { return nil }
            var values = [Double]()
            for _ in 0..<n {
                guard let v = p.f64() else { return nil }
                values.append(v)
            }
            guard let columns = p.string() else { return nil }
            return .series(
                group: group, name: name, time: time, values: values, columns: columns.isEmpty ? [] : columns.components(separatedBy: "\t"))
        case 4:
            guard let group = p.string(), let name = p.string(), let json = p.string(),
                let value = try? decoder.decode(MetadataValue.self, from: Data(json.utf8))
            else { return nil }
            return .attribute(group: group, name: name, value: value)
        case 5:
            guard let count = p.u32().map(Int.init), let channels = p.u32().map(Int.init), let bytes = p.take(count * 2) else { return nil }
            let b = Array(bytes)
            let codes = (0..<count).map { UInt16(b[2 * $0]) | (UInt16(b[2 * $0 + 1]) << 8) }
            return .rawRows(codes: codes, channels: channels)
        case 6:
            guard let stream = p.string(), let first = p.i64(), let count = p.u32().map(Int.init), let channels = p.u32().map(Int.init),
                count <= p.remaining / 8
            else { return nil }
            var ts = [Int64](), values = [Double]()
            for _ in 0..<count {
                guard let t = p.i64() else { return nil }
                ts.append(t)
                for _ in 0..<channels {
                    guard let v = p.f64() else { return nil }
                    values.append(v)
                }
            }
            return .streamRows(stream: stream, firstIndex: first, timestampsMicros: ts, values: values, channels: channels)
        default:
            return nil
        }
    }

    static let encoder: JSONEncoder = {
        let e = JSONEncoder()
        e.dateEncodingStrategy = UTCTimestamp.jsonEncodingStrategy
        e.outputFormatting = [.sortedKeys]
        return e
    }()

    static let decoder: JSONDecoder = {
        let d = JSONDecoder()
        d.dateDecodingStrategy = UTCTimestamp.jsonDecodingStrategy
        return d
    }()
}

/// The open journal file of a recording in progress, exclusively locked.
final class JournalFile {
    let url: URL
    private let fd: Int32
    private var lastSync = ContinuousClock.now

    /// Creates the journal (failing if it exists) and locks it.
    init(url: URL, metadata: RecordingMetadata) throws {
        self.url = url
        fd = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw JournalFile.error(errno, url) }
        // The file is new (O_EXCL), so only a recovery's probe (``isLocked(_:)``) can hold its lock,
        // and only for an instant: wait for it instead of failing the recording's start.
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else {
                let error = JournalFile.error(errno, url)
                close(fd)
                throw error
            }
        }
        try write(try RecordingJournal.header(metadata))
        try sync()
    }

    deinit { close(fd) }

    /// Appends bytes; syncs to disk at most once per second (a kill loses nothing written; a power
    /// cut loses at most the last second).
    func write(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    throw JournalFile.error(errno, url)
                }
                offset += n
            }
        }
        if ContinuousClock.now - lastSync >= .seconds(1) { try sync() }
    }

    func sync() throws {
        guard fdatasync(fd) == 0 else { throw JournalFile.error(errno, url) }
        lastSync = ContinuousClock.now
    }

    static func error(_ code: Int32, _ url: URL) -> StorageError {
        code == ENOSPC || code == EDQUOT ? .diskFull(path: url.path) : .io(path: url.path, reason: String(cString: strerror(code)))
    }

    /// Whether another process holds the journal at `url` open for writing (a recording in progress).
    static func isLocked(_ url: URL) -> Bool {
        let probe = open(url.path, O_RDONLY | O_CLOEXEC)
        guard probe >= 0 else { return false }
        defer { close(probe) }
        if flock(probe, LOCK_EX | LOCK_NB) == 0 {
            flock(probe, LOCK_UN)
            return false
        }
        return true
    }
}
