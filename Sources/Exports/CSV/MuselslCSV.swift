import DataSources
import Foundation
public import Storage

/// A recording as `muselsl record` writes its EEG file, so scripts written for muselsl (and
/// eeg-notebooks' loaders) read it unchanged: `timestamps` (seconds on LSL's clock when the recording
/// stored them, `--clock lsl`; else seconds since the epoch), `TP9`, `AF7`, `AF8`, `TP10`, `Right AUX`
/// (µV; the AUX column is NaN when the preset streamed none, as muselsl always has five), and
/// `Marker0`: the code of a study marker at that sample, 0 elsewhere (muselsl keeps one marker per
/// sample; the recorder's own events are left out — `events.csv` of the standard export has them
/// all). Lost samples are NaN.
package struct MuselslCSV {
    /// muselsl's EEG columns after `timestamps`.
    static let channels = ["TP9", "AF7", "AF8", "TP10", "Right AUX"]

    /// The recording.
    package let reader: RecordingReader

    /// Prepares an export of `reader`.
    package init(reader: RecordingReader) {
        self.reader = reader
    }

    /// Writes the file `name` into `destination` and returns its name.
    package func export(to destination: ExportDestination, name: String, progress: (Double) -> Void = { _ in }) throws -> String {
        try destination.write(name) { url in try write(to: url, progress: progress) }.url.lastPathComponent
    }

    private func write(to url: URL, progress: (Double) -> Void) throws {
        let names = reader.channelNames
        let columns: [Int?] = Self.channels.map { wanted in
            wanted == "Right AUX" ? names.firstIndex { $0.uppercased().hasPrefix("AUX") } : names.firstIndex(of: wanted)
        }
        var markers: [Int64: Int32] = [:]
        for event in try reader.events() where event.code > 0 { markers[event.sample] = markers[event.sample] ?? event.code }
        let withLSL = reader.hasLSLTimes
        let table = try CSVTable(url: url, header: ["timestamps"] + Self.channels + ["Marker0"])
        var row: Int64 = 0
        let fs = reader.samplingRate
        while row < reader.sampleCount {
            let count = Int(min(Int64(fs * 10), reader.sampleCount - row))
            let block = try reader.readBlock(from: row, count: count)
            if block.isEmpty { break }
            let lsl = withLSL ? try reader.readLSLTimes(from: row, count: block.count) ?? [] : []
            for r in 0..<block.count {
                let index = block.firstIndex + Int64(r)
                let time = withLSL && r < lsl.count ? lsl[r] : block.times[r]
                var fields = [CSVTable.time(time)]
                fields += columns.map { $0.map { CSVTable.number(block.values[r * block.channelCount + $0]) } ?? "NaN" }
                fields.append(String(markers[index] ?? 0))
                try table.row(fields)
            }
            row += Int64(block.count)
            progress(Double(row) / Double(max(1, reader.sampleCount)))
        }
        try table.close()
    }
}
