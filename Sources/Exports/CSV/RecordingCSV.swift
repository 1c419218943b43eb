import DataSources
import Foundation
import Processing
public import Storage

/// A recording as CSV files in one folder, for spreadsheets, pandas, R and MATLAB (docs/analysis.md):
///
/// - `eeg.csv`: `time_utc_s`, `sample`, one column per channel in µV (`TP9_uV`…), `marker_code`,
///   `marker_label` (0 and empty where no event is); lost samples are `NaN`. Every event is on its
///   sample: when several share one, the further ones are in `marker_code_2`, `marker_label_2`, …
///   (as many pairs as the most crowded sample needs), so the columns stay numeric and none is lost.
/// - `events.csv`: every event with its sample, time, onset from the first sample, duration (gaps) and
///   code.
/// - A recording with times on LSL's clock (`--clock lsl`) gets `time_lsl_s` after `time_utc_s` in
///   `eeg.csv` and `events.csv` (seconds of `lsl_local_clock()`, as stored).
/// - one file per metric of `/Quality`: each band power (`bandpower_absolute_alpha.csv` in µV²,
///   `bandpower_relative_alpha.csv`), the quality grade (`quality_grade.csv`, 1/2/4) and the other
///   quality measures, each with `time_utc_s` (the newest sample the window covers) and a `reason`
///   column: a value that could not be computed, or whose window the grade judged bad (band power),
///   is `NaN` and `reason` says why (`warming up`, `samples missing`, `bad signal (grade 4)`,
///   `not computable`), per channel.
/// - `verdict.csv`: the session verdict over the whole recording (Processing's analyzer).
/// - `stream_<name>.csv` per auxiliary stream (`stream_accelerometer.csv`: `time_utc_s`, `x_g`…;
///   gyroscope `deg_per_s`, PPG `counts`, telemetry per column), `NaN` rows where packets were lost.
///
/// The unit of every value column is the suffix of its name.
package struct RecordingCSV {
    private typealias Q = RecordingFormat.Quality

    /// The recording.
    package let reader: RecordingReader

    /// Prepares an export of `reader`.
    package init(reader: RecordingReader) {
        self.reader = reader
    }

    /// Writes the files into `destination/folder` (which must not exist) and returns their paths
    /// relative to the destination.
    package func export(to destination: ExportDestination, folder: String, progress: (Double) -> Void = { _ in }) throws -> [String] {
        let target = destination.folder.appendingPathComponent(folder, isDirectory: true)
        let final = destination.published.appendingPathComponent(folder, isDirectory: true)
        for url in [final, target] where FileManager.default.fileExists(atPath: url.path) {
            throw ExportError.taken(final.path)
        }
        let temporary = destination.folder.appendingPathComponent(".\(folder).\(UUID().uuidString.prefix(8)).part", isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
            let names = try write(into: temporary, progress: progress)
            try AtomicFile.commitFolder(temporary, to: target)
            return names.map { "\(folder)/\($0)" }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            if let error = error as? ExportError { throw error }
            if let error = error as? StorageError { throw ExportError.io(path: target.path, reason: error.reason) }
            throw ExportError.io(path: target.path, reason: "\(error)")
        }
    }

    private func write(into folder: URL, progress: (Double) -> Void) throws -> [String] {
        let fs = reader.samplingRate
        let events = try reader.events()
        let channels = reader.channelNames
        var names: [String] = []

        // Gaps as time spans, for the reasons of missing metric values.
        var gaps: [(start: Double, end: Double)] = []
        var labelsAt: [Int64: [(code: Int32, label: String)]] = [:]
        for event in events {
            if event.code == Marker.gapCode, let n = EDFWriter.gapLength(event.label) {
                gaps.append((event.time, event.time + Double(n) / fs))
            }
            labelsAt[event.sample, default: []].append((event.code, event.label))
        }

        // eeg.csv, feeding the analyzer for the verdict on the way.
        let withLSL = reader.hasLSLTimes
        let markerPairs = max(1, labelsAt.values.map(\.count).max() ?? 1)
        let markerHeader = (1...markerPairs).flatMap { k in k == 1 ? ["marker_code", "marker_label"] : ["marker_code_\(k)", "marker_label_\(k)"] }
        let eeg = try CSVTable(
            url: folder.appendingPathComponent("eeg.csv"),
            header: ["time_utc_s"] + (withLSL ? ["time_lsl_s"] : []) + ["sample"] + channels.map { Self.column($0, unit: "uV") } + markerHeader)
        var analyzer = RecordingAnalyzer(
            descriptor: reader.descriptor, configuration: ProcessorConfiguration(mains: reader.powerLineFrequency.map { .fixed($0) } ?? .detect))
        var row: Int64 = 0
        var firstTime: Double?
        var lastTime: Double?
        // Played back with the device's on-head flips and accelerometer, so the verdict is the one
        // `analyze` gives.
        try reader.playBack(blockRows: max(1, Int(fs * 10))) { step in
            let block: SampleBlock
            switch step {
            case .state(let change):
                analyzer.take(change)
                return
            case .accelerometer(let rows):
                analyzer.process(rows)
                return
            case .eeg(let rows):
                block = rows
            }
            analyzer.process(block)
            let lslTimes = withLSL ? try reader.readLSLTimes(from: row, count: block.count) ?? [] : []
            for r in 0..<block.count {
                let index = block.firstIndex + Int64(r)
                var fields = [CSVTable.time(block.times[r])]
                if withLSL { fields.append(r < lslTimes.count ? CSVTable.time(lslTimes[r]) : "NaN") }
                fields.append(String(index))
                for c in 0..<block.channelCount { fields.append(CSVTable.number(block.values[r * block.channelCount + c])) }
                let here = labelsAt[index] ?? []
                for k in 0..<markerPairs {
                    fields += k < here.count ? [String(here[k].code), here[k].label] : ["0", ""]
                }
                try eeg.row(fields)
            }
            if firstTime == nil { firstTime = block.times.first }
            lastTime = block.times.last
            row += Int64(block.count)
            progress(0.9 * Double(row) / Double(max(1, reader.sampleCount)))
        }
        try eeg.close()
        names.append("eeg.csv")

        // events.csv
        let first = firstTime ?? 0
        let eventLSL = withLSL ? try reader.eventLSLTimes() : nil
        let table = try CSVTable(
            url: folder.appendingPathComponent("events.csv"),
            header: ["sample", "time_utc_s"] + (eventLSL != nil ? ["time_lsl_s"] : []) + ["onset_s", "duration_s", "code", "label"])
        for (k, event) in events.enumerated() {
            let duration = event.code == Marker.gapCode ? EDFWriter.gapLength(event.label).map { Double($0) / fs } : nil
            var fields = [String(event.sample), CSVTable.time(event.time)]
            if let eventLSL { fields.append(k < eventLSL.count ? CSVTable.time(eventLSL[k]) : "NaN") }
            try table.row(
                fields + [
                    CSVTable.number(Double(event.sample) / fs), duration.map(CSVTable.number) ?? "0", String(event.code), event.label,
                ])
        }
        try table.close()
        names.append("events.csv")

        // provenance.csv: where the recording came from (absent when the original does not say).
        if let provenance = reader.provenance {
            let sidecar = try CSVTable(url: folder.appendingPathComponent("provenance.csv"), header: ["name", "value"])
            for field in ExportedProvenance(provenance).fields { try sidecar.row([field.name, field.value]) }
            try sidecar.close()
            names.append("provenance.csv")
        }

        // One file per metric.
        names += try writeMetrics(into: folder, gaps: gaps, firstTime: first)

        // One file per auxiliary stream (accelerometer, gyroscope, PPG, telemetry).
        for stream in reader.descriptor.streams where stream.name != reader.descriptor.eeg.name {
            guard let samples = try reader.stream(named: stream.name), !samples.times.isEmpty else { continue }
            let units = Self.streamUnits(stream.unit, count: samples.columns)
            let labels = (0..<samples.columns).map { $0 < stream.channelLabels.count ? stream.channelLabels[$0] : "column\($0 + 1)" }
            let file = "stream_\(stream.name).csv"
            let table = try CSVTable(
                url: folder.appendingPathComponent(file), header: ["time_utc_s"] + zip(labels, units).map { Self.column($0, unit: $1) })
            for r in 0..<samples.times.count {
                try table.row(
                    [CSVTable.time(samples.times[r])] + (0..<samples.columns).map { CSVTable.number(samples.values[r * samples.columns + $0]) })
            }
            try table.close()
            names.append(file)
        }

        // verdict.csv
        let analysis = analyzer.result()
        let verdict = try CSVTable(
            url: folder.appendingPathComponent("verdict.csv"), header: ["start_utc_s", "end_utc_s", "duration_s", "verdict", "reason"])
        try verdict.row([
            CSVTable.time(first), CSVTable.time((lastTime ?? first) + 1 / fs), CSVTable.number(analysis.durationSeconds),
            analysis.verdict?.rawValue ?? "NaN", analysis.verdict == nil ? "recording too short to judge" : "",
        ])
        try verdict.close()
        names.append("verdict.csv")
        progress(1)
        return names
    }

    /// The `/Quality` series as CSV files: band powers split per band, the rest one file each.
    private func writeMetrics(into folder: URL, gaps: [(start: Double, end: Double)], firstTime: Double) throws -> [String] {
        var names: [String] = []
        let grade = try reader.series(group: Q.group, name: Q.grade)
        let gradeColumns = reader.seriesColumns(group: Q.group, name: Q.grade) ?? reader.channelNames
        let qualityWindow = reader.groupAttribute(group: Q.group, name: Q.qualityWindowSeconds).flatMap(Double.init) ?? 2
        let bandWindow = reader.groupAttribute(group: Q.group, name: Q.bandPowerWindowSeconds).flatMap(Double.init) ?? 4

        /// The grade of `channel` for the window ending at `time` (the latest grade row at or before it).
        func gradeAt(_ time: Double, channel: String) -> Double? {
            guard let grade, let c = gradeColumns.firstIndex(of: channel) else { return nil }
            var lo = 0, hi = grade.times.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if grade.times[mid] <= time + 1e-9 { lo = mid + 1 } else { hi = mid }
            }
            return lo == 0 ? nil : grade.values[(lo - 1) * grade.columns + c]
        }

        // `Issues` and `Window` are bit masks and row numbers for reading the windows back, not measures.
        for name in reader.seriesNames(group: Q.group) where name != Q.issues && name != Q.window {
            guard let series = try reader.series(group: Q.group, name: name) else { continue }
            let columns = reader.seriesColumns(group: Q.group, name: name) ?? (0..<series.columns).map { "column\($0 + 1)" }
            let isBandPower = name.hasPrefix(Q.bandPowerPrefix)
            let window = isBandPower || name == Q.lineNoiseQuality ? bandWindow : qualityWindow
            let unit = Self.unit(of: name)
            // Band power: one file per band, channels as columns; else one file, columns as stored.
            var groups: [(file: String, indices: [Int], labels: [String])] = []
            if isBandPower {
                var bands: [String] = []
                for column in columns {
                    if let band = column.split(separator: "/").last.map(String.init), !bands.contains(band) { bands.append(band) }
                }
                let kind = name.replacingOccurrences(of: Q.bandPowerPrefix, with: "").lowercased()
                for band in bands {
                    let indices = columns.indices.filter { columns[$0].hasSuffix("/" + band) }
                    groups.append(("bandpower_\(kind)_\(band).csv", indices, indices.map { String(columns[$0].split(separator: "/").first ?? "") }))
                }
            } else {
                groups.append((Self.fileName(of: name), Array(columns.indices), columns))
            }
            for group in groups {
                let table = try CSVTable(
                    url: folder.appendingPathComponent(group.file),
                    header: ["time_utc_s"] + group.labels.map { Self.column($0, unit: unit) } + ["reason"])
                for r in 0..<series.times.count {
                    let time = series.times[r]
                    var fields = [CSVTable.time(time)]
                    var reasons: [String] = []
                    for (k, c) in group.indices.enumerated() {
                        var value = series.values[r * series.columns + c]
                        var reason: String?
                        if value.isNaN {
                            if time < firstTime + window - 1e-6 {
                                reason = "warming up"
                            } else if gaps.contains(where: { $0.start < time && $0.end > time - window }) {
                                reason = "samples missing"
                            } else {
                                reason = "not computable"
                            }
                        } else if isBandPower, gradeAt(time, channel: group.labels[k]) == 4 {
                            value = .nan
                            reason = "bad signal (grade 4)"
                        }
                        if let reason { reasons.append(group.labels.count > 1 ? "\(group.labels[k]): \(reason)" : reason) }
                        fields.append(CSVTable.number(value))
                    }
                    fields.append(reasons.joined(separator: "; "))
                    try table.row(fields)
                }
                try table.close()
                names.append(group.file)
            }
        }
        return names
    }

    /// The unit of each column of an auxiliary stream: its unit, or one per column when the descriptor
    /// lists them comma-separated (telemetry: `%, mV, counts, C`); units are written ASCII (`deg/s` →
    /// `deg_per_s`).
    static func streamUnits(_ unit: String, count: Int) -> [String] {
        let parts = unit.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        let units = parts.count == count ? parts : [String](repeating: unit, count: count)
        return units.map { u in
            switch u {
            case "%": "percent"
            case "": "value"
            default: u.replacingOccurrences(of: "/", with: "_per_").replacingOccurrences(of: " ", with: "_")
            }
        }
    }

    /// A value column: the name and the unit, `TP9_uV`.
    static func column(_ name: String, unit: String) -> String { "\(name)_\(unit)" }

    /// The unit of a `/Quality` series (docs/formats.md).
    static func unit(of series: String) -> String {
        switch series {
        case Q.bandPowerAbsolute: "uV2"
        case Q.bandPowerRelative, Q.lineNoiseRatio: "ratio"
        case Q.grade: "grade"
        case Q.bandAmplitude: "uV"
        case Q.myndQuality, Q.myndBlockQuality, Q.lineNoiseQuality: "percent"
        case Q.mainsFrequency: "Hz"
        default: "value"
        }
    }

    /// `quality_<snake_case>.csv` for a series name (`Grade` → `quality_grade.csv`).
    static func fileName(of series: String) -> String {
        var snake = ""
        for (i, ch) in series.enumerated() {
            if ch.isUppercase, i > 0 { snake += "_" }
            snake += ch.lowercased()
        }
        return "quality_\(snake).csv"
    }
}
