import DataSources
public import Foundation
public import Storage

/// Writes a recording as an XDF 1.0 file, the Lab Streaming Layer world's recording format, laid out
/// as LabRecorder writes one (read by pyxdf, EEGLAB, MNE through pyxdf), so a recording joins
/// LSL-based analyses next to files LabRecorder made:
///
/// - one stream per device stream: EEG (µV, named `StudyRecorder <model> EEG`, type `EEG`, the
///   channel labels), and a headband's accelerometer, gyroscope and PPG or optics (telemetry is left
///   out), each at its nominal rate, values as stored (`double64`, NaN where samples were lost);
/// - `Markers` (string, irregular): every event of `/Events` at its time, its label (or its code when
///   it has none), as the recorder's LSL marker outlet sends them;
/// - `Quality` (irregular): the per-channel quality grade (1 good, 2 medium, 4 bad) of `/Quality`.
///
/// Every sample carries its own timestamp, in seconds on LSL's clock: the times stored with `--clock
/// lsl` mapped through the recording's `/LSLClock` pairs, else the recording clock's monotonic
/// reading (`ClockAnchorMonotonic + (utc − ClockAnchorUTC)`, which on Linux is the clock
/// `lsl_local_clock()` reads). All streams were timed on one machine and one clock, so each stream's
/// clock offsets (written every 5 s of the recording, as LabRecorder measures them) are 0. Boundary
/// chunks follow every 10 s of EEG. Memory: one 10-s EEG block and one auxiliary stream.
package struct XDFWriter {
    /// Creates a writer.
    package init() {}

    /// A stream of the file.
    struct Stream {
        var id: UInt32
        var name: String
        var type: String
        var labels: [String]
        var unit: String
        var rate: Double
        var isString: Bool
        var sourceID: String
        var first: Double?
        var last: Double?
        var count = 0
    }

    /// Writes `reader`'s recording to `url`; returns the number of streams written.
    @discardableResult
    package func write(_ reader: RecordingReader, to url: URL, progress: (Double) -> Void = { _ in }) throws -> Int {
        guard FileManager.default.createFile(atPath: url.path, contents: nil), let handle = FileHandle(forWritingAtPath: url.path) else {
            throw ExportError.io(path: url.path, reason: "cannot create the file")
        }
        defer { try? handle.close() }
        var buffer: [UInt8] = XDFChunk.magic
        func flush(force: Bool = false) throws {
            guard force || buffer.count >= 1 << 20 else { return }
            try handle.write(contentsOf: Data(buffer))
            buffer.removeAll(keepingCapacity: true)
        }

        let time = try Self.timeMapping(reader)
        let descriptor = reader.descriptor
        let device = (descriptor.serial ?? "").isEmpty ? descriptor.model : descriptor.serial ?? descriptor.model
        let prefix = "StudyRecorder \(descriptor.model)"
        func sourceID(_ stream: String) -> String { "study-recorder-\(descriptor.kind)-\(device)-\(stream)" }

        var streams: [Stream] = []
        streams.append(
            Stream(
                id: 1, name: "\(prefix) EEG", type: "EEG", labels: descriptor.channelNames, unit: "microvolts", rate: descriptor.samplingRate,
                isString: false, sourceID: sourceID(descriptor.eeg.name)))
        var auxiliary: [(stream: StreamDescriptor, index: Int)] = []
        for stream in descriptor.streams where stream.name != descriptor.eeg.name && stream.kind != .telemetry {
            let type: String
            switch stream.kind {
            case .accelerometer: type = "Accelerometer"
            case .gyroscope: type = "Gyroscope"
            default: type = "PPG"
            }
            auxiliary.append((stream, streams.count))
            streams.append(
                Stream(
                    id: UInt32(streams.count + 1), name: "\(prefix) \(type)", type: type, labels: stream.channelLabels, unit: stream.unit,
                    rate: stream.samplingRate, isString: false, sourceID: sourceID(stream.name)))
        }
        let markerIndex = streams.count
        streams.append(
            Stream(
                id: UInt32(streams.count + 1), name: "\(prefix) Markers", type: "Markers", labels: ["marker"], unit: "", rate: 0, isString: true,
                sourceID: sourceID("markers")))
        typealias Q = RecordingFormat.Quality
        let grades = try reader.series(group: Q.group, name: Q.grade)
        var qualityIndex: Int?
        if grades != nil {
            qualityIndex = streams.count
            streams.append(
                Stream(
                    id: UInt32(streams.count + 1), name: "\(prefix) Quality", type: "Quality",
                    labels: reader.seriesColumns(group: Q.group, name: Q.grade) ?? descriptor.channelNames, unit: "grade (1 good, 2 medium, 4 bad)",
                    rate: 0, isString: false, sourceID: sourceID("quality")))
        }

        // File header and stream headers.
        // The recording's start: its clock anchor, else its first row's time (never the export's).
        let start = (reader.clockAnchor?.utc ?? (try? reader.firstRowTime()) ?? nil).map { Date(timeIntervalSince1970: $0) } ?? Date()
        buffer += XDFChunk.encode(
            .fileHeader,
            Array("<?xml version=\"1.0\"?><info><version>1.0</version><datetime>\(Self.headerDate(start))</datetime></info>".utf8))
        let provenance = reader.provenance.map(ExportedProvenance.init)
        for stream in streams { buffer += XDFChunk.encode(.streamHeader, Self.header(stream, descriptor: descriptor, provenance: provenance)) }

        // EEG, 10 s at a time, a boundary after each block.
        let fs = descriptor.samplingRate
        var row: Int64 = 0
        while row < reader.sampleCount {
            let block = try reader.readBlock(from: row, count: Int(min(Int64(max(1, fs * 10)), reader.sampleCount - row)))
            if block.isEmpty { break }
            let times = block.times.map(time)
            buffer += Self.samples(&streams[0], times: times, values: block.values, columns: block.channelCount)
            buffer += XDFChunk.encode(.boundary, XDFChunk.boundaryUUID)
            row += Int64(block.count)
            try flush()
            progress(0.8 * Double(row) / Double(max(1, reader.sampleCount)))
        }
        // Auxiliary streams, whole (52–64 rows a second), in chunks of 1 024 samples.
        for (stream, index) in auxiliary {
            guard let samples = try reader.stream(named: stream.name), !samples.times.isEmpty else { continue }
            let width = max(1, samples.columns)
            var k = 0
            while k < samples.times.count {
                let end = min(samples.times.count, k + 1024)
                buffer += Self.samples(
                    &streams[index], times: samples.times[k..<end].map(time), values: Array(samples.values[(k * width)..<(end * width)]),
                    columns: width)
                k = end
                try flush()
            }
        }
        // Markers: every event, its label (or its code).
        let events = try reader.events()
        if !events.isEmpty {
            buffer += Self.strings(&streams[markerIndex], times: events.map { time($0.time) }, values: events.map { $0.label.isEmpty ? "\($0.code)" : $0.label })
        }
        if let grades, let qualityIndex {
            buffer += Self.samples(&streams[qualityIndex], times: grades.times.map(time), values: grades.values, columns: max(1, grades.columns))
        }
        progress(0.9)

        // Clock offsets every 5 s over the recording's span (one clock: 0), then the footers.
        let first = streams.compactMap(\.first).min() ?? 0
        let last = streams.compactMap(\.last).max() ?? first
        var offsetTimes: [Double] = []
        var t = first
        repeat {
            offsetTimes.append(t)
            t += 5
        } while t <= last
        for stream in streams {
            for at in offsetTimes {
                var content: [UInt8] = []
                XDFChunk.append(stream.id, to: &content)
                XDFChunk.append(at, to: &content)
                XDFChunk.append(0.0, to: &content)
                buffer += XDFChunk.encode(.clockOffset, content)
            }
        }
        for stream in streams { buffer += XDFChunk.encode(.streamFooter, Self.footer(stream, offsets: offsetTimes)) }
        try flush(force: true)
        progress(1)
        return streams.count
    }

    /// The function from a recording-clock time (seconds since the epoch) to the file's LSL-clock time.
    static func timeMapping(_ reader: RecordingReader) throws -> (Double) -> Double {
        if let points = try reader.lslClockPoints(), !points.isEmpty {
            return { LSLClockMapping.lslTime(recordingTime: $0, points: points) }
        }
        if let anchor = reader.clockAnchor { return { anchor.monotonic(fromUTC: $0) } }
        return { $0 }
    }

    /// A Samples chunk of numeric rows (`double64`), each with its timestamp.
    static func samples(_ stream: inout Stream, times: [Double], values: [Double], columns: Int) -> [UInt8] {
        guard !times.isEmpty else { return [] }
        let width = stream.labels.count
        var content: [UInt8] = []
        content.reserveCapacity(times.count * (9 + 8 * width) + 16)
        XDFChunk.append(stream.id, to: &content)
        XDFChunk.appendVarLength(UInt64(times.count), to: &content)
        for (r, t) in times.enumerated() {
            content.append(8)
            XDFChunk.append(t, to: &content)
            for c in 0..<width {
                let index = r * columns + c
                XDFChunk.append(c < columns && index < values.count ? values[index] : .nan, to: &content)
            }
        }
        stream.count += times.count
        stream.first = stream.first ?? times.first
        stream.last = times.last
        return XDFChunk.encode(.samples, content)
    }

    /// A Samples chunk of one-channel string samples, each with its timestamp.
    static func strings(_ stream: inout Stream, times: [Double], values: [String]) -> [UInt8] {
        guard !times.isEmpty else { return [] }
        var content: [UInt8] = []
        XDFChunk.append(stream.id, to: &content)
        XDFChunk.appendVarLength(UInt64(times.count), to: &content)
        for (t, value) in zip(times, values) {
            content.append(8)
            XDFChunk.append(t, to: &content)
            XDFChunk.appendString(value, to: &content)
        }
        stream.count += times.count
        stream.first = stream.first ?? times.min()
        stream.last = max(stream.last ?? -.infinity, times.max() ?? -.infinity)
        return XDFChunk.encode(.samples, content)
    }

    /// A StreamHeader chunk: the stream id and LSL's stream info as XML.
    /// The file header's `<datetime>` as LabRecorder writes it, `2026-11-28T20:25:40+0000` (UTC,
    /// the offset as `+HHMM`): readers that parse it the way LabRecorder's files need (mnelab's
    /// `read_raw_xdf` turns `+0000` into `+00:00` for `fromisoformat`) fail on a trailing `Z`.
    static func headerDate(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ssxx"
        return formatter.string(from: date)
    }

    /// The stream header; its `<desc>` holds the channels, the acquisition and, when the original
    /// says, where the recording came from (`<provenance><Source>…</Source>…</provenance>`).
    static func header(_ stream: Stream, descriptor: DeviceDescriptor, provenance: ExportedProvenance? = nil) -> [UInt8] {
        let x = XDFChunk.xmlEscaped
        var channels = ""
        for label in stream.labels {
            channels += "<channel><label>\(x(label))</label><unit>\(x(stream.unit))</unit><type>\(x(stream.type))</type></channel>"
        }
        var acquisition = "<manufacturer>\(x(descriptor.manufacturer))</manufacturer><model>\(x(descriptor.model))</model>"
        if let serial = descriptor.serial, !serial.isEmpty { acquisition += "<serial>\(x(serial))</serial>" }
        let origin = provenance.map { p in "<provenance>" + p.fields.map { "<\($0.name)>\(x($0.value))</\($0.name)>" }.joined() + "</provenance>" } ?? ""
        let xml =
            "<?xml version=\"1.0\"?><info><name>\(x(stream.name))</name><type>\(x(stream.type))</type>"
            + "<channel_count>\(stream.labels.count)</channel_count><nominal_srate>\(XDFChunk.xmlNumber(stream.rate))</nominal_srate>"
            + "<channel_format>\(stream.isString ? "string" : "double64")</channel_format><source_id>\(x(stream.sourceID))</source_id>"
            + "<version>1.1000000000000001</version><created_at>0</created_at><uid></uid><session_id>default</session_id>"
            + "<hostname></hostname><desc><channels>\(channels)</channels><acquisition>\(acquisition)</acquisition>\(origin)</desc></info>"
        var content: [UInt8] = []
        XDFChunk.append(stream.id, to: &content)
        return content + Array(xml.utf8)
    }

    /// A StreamFooter chunk: first and last timestamps, the sample count and the clock offsets.
    static func footer(_ stream: Stream, offsets: [Double]) -> [UInt8] {
        let n = XDFChunk.xmlNumber
        let list = offsets.map { "<offset><time>\(n($0))</time><value>0</value></offset>" }.joined()
        let xml =
            "<?xml version=\"1.0\"?><info><first_timestamp>\(n(stream.first ?? 0))</first_timestamp>"
            + "<last_timestamp>\(n(stream.last ?? 0))</last_timestamp><sample_count>\(stream.count)</sample_count>"
            + "<clock_offsets>\(list)</clock_offsets></info>"
        var content: [UInt8] = []
        XDFChunk.append(stream.id, to: &content)
        return content + Array(xml.utf8)
    }
}
