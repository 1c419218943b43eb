import DataSources
public import Foundation
public import Storage

/// A recording in Mind Monitor's CSV layout, one wide file, so scripts and tools written for Mind
/// Monitor's recordings (pandas code, EEGLAB's import_muse) read it unchanged:
///
/// `TimeStamp` (local date and time, `2026-11-26 09:30:00.123`), `Delta_TP9` … `Gamma_TP10` (log10
/// of the absolute band power in µV², Bels, forward-filled from the recording's `/Quality` series;
/// empty before the first), `RAW_TP9` … `RAW_TP10` (µV, centred on 0 — Mind Monitor's are 0–1682),
/// `AUX_LEFT` and `AUX_RIGHT` (µV, as Mind Monitor's columns: the left and right AUX inputs, empty
/// for an input the headband does not stream — the p20/p50 presets stream the right one),
/// `Accelerometer_X/Y/Z` (g), `Gyro_X/Y/Z` (deg/s),
/// `HeadBandOn` (1/0 from the device's on-head state; empty when the device never said),
/// `HSI_TP9` … `HSI_TP10` (the quality grade: 1 good, 2 medium, 4 bad), `Battery` (percent), and
/// `Elements`: the markers at that sample as Mind Monitor writes its marker buttons, `/Marker/<code>`,
/// several joined by `; ` (the recorder's own events — gaps, device changes — are in `events.csv` of
/// the standard export; blinks and jaw clenches are not detected, so never written).
///
/// One row per EEG sample; the slower columns repeat their newest value, as Mind Monitor's do.
/// Lost samples are `NaN` in the RAW columns. Band powers of windows the quality grade judged bad
/// are kept (Mind Monitor does not judge them); use `HSI_*` to leave them out.
package struct MindMonitorCSV {
    private typealias Q = RecordingFormat.Quality
    /// Mind Monitor's four EEG channels, in its column order.
    static let channels = ["TP9", "AF7", "AF8", "TP10"]
    /// Mind Monitor's band names.
    static let bands = ["Delta", "Theta", "Alpha", "Beta", "Gamma"]

    /// The recording.
    package let reader: RecordingReader
    /// The zone `TimeStamp` is written in (Mind Monitor writes the phone's local time).
    package var timeZone: TimeZone

    /// Prepares an export of `reader`.
    package init(reader: RecordingReader, timeZone: TimeZone = .current) {
        self.reader = reader
        self.timeZone = timeZone
    }

    /// The header row.
    static var header: [String] {
        ["TimeStamp"] + bands.flatMap { band in channels.map { "\(band)_\($0)" } } + channels.map { "RAW_\($0)" } + ["AUX_LEFT", "AUX_RIGHT"]
            + ["Accelerometer_X", "Accelerometer_Y", "Accelerometer_Z", "Gyro_X", "Gyro_Y", "Gyro_Z", "HeadBandOn"]
            + channels.map { "HSI_\($0)" } + ["Battery", "Elements"]
    }

    /// Writes the file `name` into `destination` and returns its name.
    package func export(to destination: ExportDestination, name: String, progress: (Double) -> Void = { _ in }) throws -> String {
        try destination.write(name) { url in try write(to: url, progress: progress) }.url.lastPathComponent
    }

    private func write(to url: URL, progress: (Double) -> Void) throws {
        let names = reader.channelNames
        let eegColumns = Self.channels.map { names.firstIndex(of: $0) }
        // The AUX inputs: `AUX_L` and `AUX_R` as stored; a lone AUX channel otherwise named is the right one.
        let auxLeft = names.firstIndex { $0.uppercased() == "AUX_L" }
        let auxRight = names.firstIndex { $0.uppercased() == "AUX_R" } ?? names.firstIndex { $0.uppercased().hasPrefix("AUX") && $0.uppercased() != "AUX_L" }

        // Band powers: per band and channel, the column of the stored absolute series.
        var bandPower: ForwardFill?
        var bandColumns: [Int?] = []
        if let series = try reader.series(group: Q.group, name: Q.bandPowerAbsolute) {
            let columns = reader.seriesColumns(group: Q.group, name: Q.bandPowerAbsolute) ?? []
            bandPower = ForwardFill(times: series.times, values: series.values, columns: series.columns)
            bandColumns = Self.bands.flatMap { band in Self.channels.map { columns.firstIndex(of: "\($0)/\(band.lowercased())") } }
        }
        var grades: ForwardFill?
        var gradeColumns: [Int?] = []
        if let series = try reader.series(group: Q.group, name: Q.grade) {
            let columns = reader.seriesColumns(group: Q.group, name: Q.grade) ?? names
            grades = ForwardFill(times: series.times, values: series.values, columns: series.columns)
            gradeColumns = Self.channels.map { columns.firstIndex(of: $0) }
        }
        func stream(_ kind: StreamDescriptor.Kind) throws -> ForwardFill? {
            guard let name = reader.descriptor.streams.first(where: { $0.kind == kind })?.name, let s = try reader.stream(named: name) else {
                return nil
            }
            return ForwardFill(times: s.times, values: s.values, columns: s.columns)
        }
        var accelerometer = try stream(.accelerometer)
        var gyroscope = try stream(.gyroscope)

        // Events per sample; the on-head state and the battery as they change.
        var elements: [Int64: [String]] = [:]
        var onHead: [(sample: Int64, value: Bool)] = []
        var battery: [(sample: Int64, value: Double)] = []
        for event in try reader.events() {
            if event.code == Marker.deviceStateCode {
                if event.label.hasPrefix("battery "), let level = Double(event.label.dropFirst(8).dropLast()) {
                    battery.append((event.sample, level))
                    continue
                }
                let parts = event.label.split(separator: "=")
                if parts.count == 2, parts[0] == DeviceState.onHead.rawValue, let value = Bool(String(parts[1])) {
                    onHead.append((event.sample, value))
                    continue
                }
            }
            if event.code > 0 { elements[event.sample, default: []].append("/Marker/\(event.code)") }
        }
        onHead.sort { $0.sample < $1.sample }
        battery.sort { $0.sample < $1.sample }

        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss.SSS"
        let table = try CSVTable(url: url, header: Self.header)
        var headIndex = 0, batteryIndex = 0
        var head: Bool?, level: Double?
        func cell(_ slice: ArraySlice<Double>?, _ column: Int?) -> String {
            guard let slice, let column, column < slice.count else { return "" }
            return CSVTable.number(slice[slice.startIndex + column])
        }
        var row: Int64 = 0
        let fs = reader.samplingRate
        while row < reader.sampleCount {
            let block = try reader.readBlock(from: row, count: Int(min(Int64(fs * 10), reader.sampleCount - row)))
            if block.isEmpty { break }
            for r in 0..<block.count {
                let index = block.firstIndex + Int64(r)
                let time = block.times[r]
                while headIndex < onHead.count, onHead[headIndex].sample <= index {
                    head = onHead[headIndex].value
                    headIndex += 1
                }
                while batteryIndex < battery.count, battery[batteryIndex].sample <= index {
                    level = battery[batteryIndex].value
                    batteryIndex += 1
                }
                var fields = [formatter.string(from: Date(timeIntervalSince1970: time))]
                let powers = bandPower?.row(at: time)
                fields += bandColumns.map { column in
                    guard let powers, let column, column < powers.count else { return "" }
                    let value = powers[powers.startIndex + column]
                    return value > 0 ? CSVTable.number(log10(value)) : "NaN"
                }
                let width = block.channelCount
                fields += eegColumns.map { $0.map { CSVTable.number(block.values[r * width + $0]) } ?? "" }
                fields.append(auxLeft.map { CSVTable.number(block.values[r * width + $0]) } ?? "")
                fields.append(auxRight.map { CSVTable.number(block.values[r * width + $0]) } ?? "")
                let acc = accelerometer?.row(at: time), gyro = gyroscope?.row(at: time)
                fields += (0..<3).map { cell(acc, $0) } + (0..<3).map { cell(gyro, $0) }
                fields.append(head.map { $0 ? "1" : "0" } ?? "")
                let grade = grades?.row(at: time)
                fields += gradeColumns.map { cell(grade, $0) }
                fields.append(level.map(CSVTable.number) ?? "")
                fields.append(elements[index]?.joined(separator: "; ") ?? "")
                try table.row(fields)
            }
            row += Int64(block.count)
            progress(Double(row) / Double(max(1, reader.sampleCount)))
        }
        try table.close()
    }
}
