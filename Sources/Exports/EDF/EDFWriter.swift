import DataSources
public import Foundation
public import Storage

/// Writes a recording as EDF+ (the European Data Format with annotations), the format every EEG tool
/// reads: MNE, EEGLAB, FieldTrip, pyedflib, EDFbrowser, and the raw-data format EEG-BIDS accepts.
///
/// The file holds the EEG channels (names as stored, unit µV) and one `EDF Annotations` signal with a
/// time-keeping annotation opening every data record and every event of the recording at its sample.
/// Values are scaled to the device's physical range (``EDFPhysicalRange``), so the 16-bit resolution is
/// (max − min) / 65535 — 0.0305 µV for the Muse's ±1000 µV, finer than its 0.49 µV codes.
///
/// Gaps (rows of lost samples, `NaN` in the recording with a code −1 event) are never bridged silently:
/// their rows are written as 0 µV and each span is annotated `BAD_ACQ_SKIP` with its duration, which
/// MNE excludes from analysis (`reject_by_annotation`); a study marker on a lost sample (set while
/// the data was missing) keeps its onset, its text ending in ` [EEG missing]`, and another stream's
/// gap is an annotation named after its stream (`optics gap 12 samples`). Every data record is written, in order, so the
/// file is `EDF+C` even with gaps: leaving out the records of a gap (`EDF+D`) misplaces every later
/// sample in readers that ignore the time-keeping annotations (MNE does), and EDFlib (pyedflib,
/// EDFbrowser's library) refuses EDF+D files outright ("The file is discontinuous and cannot be
/// read"). The start time is the first sample's UTC second (EDF's header has whole seconds); onsets
/// count from the first sample.
package struct EDFWriter: Sendable {
    /// The patient identification: `X X X X` (EDF+'s "unknown" for code, sex, birth date and name),
    /// or the participant's pseudonymous code in the first field and `X` for the rest. Never a name.
    package var patientCode: String?
    /// Rows read from the recording at a time.
    package var blockRecords = 32

    /// Creates a writer; `patientCode` (e.g. the participant's UUID) is the only identification written.
    package init(patientCode: String? = nil) {
        self.patientCode = patientCode
    }

    /// Writes `reader`'s EEG and events to `url` (created; an existing file is an error), calling
    /// `progress` with the fraction done.
    @discardableResult
    package func write(_ reader: RecordingReader, to url: URL, progress: (Double) -> Void = { _ in }) throws -> EDFExport {
        let source = reader.url.path
        guard let layout = EDFRecordLayout(rate: reader.samplingRate) else {
            throw ExportError.unsupported(path: source, reason: "a sampling rate of \(reader.samplingRate) Hz fits no whole-second EDF data record")
        }
        let channels = reader.channelNames
        guard !channels.isEmpty, channels.count < 9999 else { throw ExportError.unsupported(path: source, reason: "no EEG channels") }
        let rows = Int(reader.sampleCount)
        let n = layout.samplesPerRecord
        let records = max(1, (rows + n - 1) / n)
        guard records <= 99_999_999 else { throw ExportError.unsupported(path: source, reason: "too long for EDF") }
        let padding = records * n - rows
        let fs = reader.samplingRate

        // Physical range: the device's, written in 8 characters rounded outward.
        let range = EDFPhysicalRange(for: reader.descriptor.eeg)
        guard let low = EDFField.number(range.minimum, rounding: .down), let high = EDFField.number(range.maximum, rounding: .up),
            low.value < high.value
        else {
            throw ExportError.unsupported(
                path: source, reason: "physical range \(range.minimum)…\(range.maximum) does not fit EDF's 8-character fields")
        }

        // Annotations: every event at its sample; EEG gaps as BAD_ACQ_SKIP spans; the end padding too.
        let events = try reader.events()
        // A study marker on a lost sample keeps its onset and says the EEG under it is missing;
        // another stream's gap keeps its label, which names the stream.
        // Where the recording came from, first, at 0 s (absent when the original does not say).
        var annotations: [EDFAnnotation] = reader.provenance.map { [EDFAnnotation(onset: 0, text: ExportedProvenance($0).annotation)] } ?? []
        var gaps = 0
        let lost = LostSamples(events)
        for event in events {
            let onset = Double(event.sample) / fs
            if event.code == Marker.gapCode, let missing = Self.gapLength(event.label) {
                annotations.append(EDFAnnotation(onset: onset, duration: Double(missing) / fs, text: EDFAnnotation.acquisitionSkip))
                gaps += 1
            } else {
                let text = event.label.isEmpty ? "code \(event.code)" : event.label
                let missing = event.code > 0 && lost.contains(event.sample)
                annotations.append(EDFAnnotation(onset: onset, text: missing ? text + LostSamples.annotationSuffix : text))
            }
        }
        if padding > 0 {
            annotations.append(EDFAnnotation(onset: Double(rows) / fs, duration: Double(padding) / fs, text: EDFAnnotation.acquisitionSkip))
        }
        var perRecord = [[UInt8]](repeating: [], count: records)
        for annotation in annotations {
            let record = min(records - 1, max(0, Int((annotation.onset / Double(layout.duration)).rounded(.down))))
            perRecord[record] += annotation.tal
        }
        var annotationBytes = 0
        for (k, tals) in perRecord.enumerated() {
            annotationBytes = max(annotationBytes, EDFAnnotation.timeKeeping(Double(k * layout.duration)).count + tals.count)
        }
        annotationBytes = max(annotationBytes + annotationBytes % 2, 2 * 15)
        let annotationSamples = annotationBytes / 2
        guard annotationSamples <= 65_535 else { throw ExportError.unsupported(path: source, reason: "too many events in one data record for EDF") }

        let variant = "EDF+C"
        let first = try reader.readBlock(from: 0, count: 1)
        let start = first.times.first ?? reader.clockAnchor?.utc ?? 0
        let header = try self.header(
            reader: reader, channels: channels, layout: layout, records: records, annotationSamples: annotationSamples,
            low: low.text, high: high.text, variant: variant, start: start)

        guard FileManager.default.createFile(atPath: url.path, contents: nil), let handle = FileHandle(forWritingAtPath: url.path) else {
            throw ExportError.io(path: url.path, reason: "cannot create the file")
        }
        defer { try? handle.close() }
        do {
            try handle.write(contentsOf: header)
            // Digital = round((v − min) / step) − 32768, with step = (max − min) / 65535.
            let step = (high.value - low.value) / 65535
            let zero = Self.digital(0, low: low.value, step: step)
            let width = channels.count
            var clipped = 0
            var record = 0
            let recordBytes = 2 * (width * n + annotationSamples)
            while record < records {
                let count = min(blockRecords, records - record)
                let firstRow = record * n
                let values = firstRow < rows ? try reader.readValues(from: Int64(firstRow), count: min(count * n, rows - firstRow)) : []
                let available = values.count / width
                var out = [UInt8](repeating: 0, count: count * recordBytes)
                let (low, high) = (low.value, high.value)
                out.withUnsafeMutableBufferPointer { buffer in
                    values.withUnsafeBufferPointer { v in
                        for r in 0..<count {
                            let base = r * recordBytes
                            for c in 0..<width {
                                var at = base + 2 * c * n
                                var index = r * n * width + c
                                for s in 0..<n {
                                    var value = zero
                                    if r * n + s < available {
                                        let x = v[index]
                                        if x.isFinite {
                                            if x < low || x > high { clipped += 1 }
                                            value = Self.digital(x, low: low, step: step)
                                        }
                                    }
                                    buffer[at] = UInt8(truncatingIfNeeded: value)
                                    buffer[at + 1] = UInt8(truncatingIfNeeded: value >> 8)
                                    at += 2
                                    index += width
                                }
                            }
                            let k = record + r
                            let tals = EDFAnnotation.timeKeeping(Double(k * layout.duration)) + perRecord[k]
                            let at = base + 2 * width * n
                            for (i, byte) in tals.enumerated() { buffer[at + i] = byte }
                        }
                    }
                }
                try handle.write(contentsOf: out)
                record += count
                progress(Double(record) / Double(records))
            }
            try handle.synchronize()
            return EDFExport(
                variant: variant, recordCount: records, recordDuration: layout.duration, samplesPerRecord: n, annotationCount: annotations.count,
                gapCount: gaps, clippedValues: clipped, paddingSamples: padding, physicalMinimum: low.value, physicalMaximum: high.value,
                rangeOrigin: range.origin)
        } catch let error as ExportError {
            throw error
        } catch {
            throw ExportError.io(path: url.path, reason: "\(error)")
        }
    }

    /// The length of an EEG gap from its event label `gap N samples` (`nil` for other labels, such as
    /// an auxiliary stream's `accelerometer gap N samples`, which leaves the EEG intact).
    static func gapLength(_ label: String) -> Int? {
        let parts = label.split(separator: " ")
        guard parts.count == 3, parts[0] == "gap", parts[2] == "samples", let n = Int(parts[1]), n > 0 else { return nil }
        return n
    }

    /// The 16-bit code of `value`, clamped to the digital range.
    @inline(__always) static func digital(_ value: Double, low: Double, step: Double) -> Int16 {
        let code = ((value - low) / step).rounded() - 32768
        return Int16(max(-32768, min(32767, code)))
    }

    /// The header: 256 bytes for the file and 256 per signal (EEG channels, then `EDF Annotations`).
    private func header(
        reader: RecordingReader, channels: [String], layout: EDFRecordLayout, records: Int, annotationSamples: Int, low: String, high: String,
        variant: String, start: Double
    ) throws -> Data {
        let signals = channels.count + 1
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let date = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: Date(timeIntervalSince1970: start.rounded(.down)))
        let year = date.year ?? 1985
        let months = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"]
        let month = months[max(1, min(12, date.month ?? 1)) - 1]
        let two = { (value: Int?) in String(format: "%02d", value ?? 0) }
        let code = patientCode.map { Self.subfield($0) } ?? "X"
        let equipment = Self.subfield([reader.descriptor.manufacturer, reader.descriptor.model].joined(separator: "_"))

        var out: [UInt8] = []
        out += EDFField.ascii("0", width: 8)
        out += EDFField.ascii("\(code) X X X", width: 80)
        out += EDFField.ascii("Startdate \(two(date.day))-\(month)-\(year) X X \(equipment)", width: 80)
        out += EDFField.ascii("\(two(date.day)).\(two(date.month)).\(two(year % 100))", width: 8)
        out += EDFField.ascii("\(two(date.hour)).\(two(date.minute)).\(two(date.second))", width: 8)
        out += EDFField.ascii(String(256 * (signals + 1)), width: 8)
        out += EDFField.ascii(variant, width: 44)
        out += EDFField.ascii(String(records), width: 8)
        out += EDFField.ascii(String(layout.duration), width: 8)
        out += EDFField.ascii(String(signals), width: 4)
        let annotation = "EDF Annotations"
        for name in channels { out += EDFField.ascii(name, width: 16) }
        out += EDFField.ascii(annotation, width: 16)
        let labels = channels.map { EDFSignalLabels(channel: $0, deviceKind: reader.descriptor.kind) }
        for label in labels { out += EDFField.ascii(label.transducer, width: 80) }
        out += EDFField.ascii("", width: 80)  // the annotation signal's transducer
        for _ in channels { out += EDFField.ascii("uV", width: 8) }
        out += EDFField.ascii("", width: 8)
        for _ in channels { out += EDFField.ascii(low, width: 8) }
        out += EDFField.ascii("-1", width: 8)
        for _ in channels { out += EDFField.ascii(high, width: 8) }
        out += EDFField.ascii("1", width: 8)
        for _ in 0..<signals { out += EDFField.ascii("-32768", width: 8) }
        for _ in 0..<signals { out += EDFField.ascii("32767", width: 8) }
        for label in labels { out += EDFField.ascii(label.prefilter, width: 80) }
        out += EDFField.ascii("", width: 80)  // the annotation signal's prefiltering
        for _ in channels { out += EDFField.ascii(String(layout.samplesPerRecord), width: 8) }
        out += EDFField.ascii(String(annotationSamples), width: 8)
        for _ in 0..<signals { out += EDFField.ascii("", width: 32) }
        precondition(out.count == 256 * (signals + 1))
        return Data(out)
    }

    /// `text` as one EDF+ header subfield: no spaces (they separate subfields), at most 40 characters.
    static func subfield(_ text: String) -> String {
        let cleaned = String(text.map { $0 == " " ? "_" : $0 }.prefix(40))
        return cleaned.isEmpty ? "X" : cleaned
    }
}
