import DataSources
import Foundation
import Storage

/// An EEG-BIDS dataset (BIDS 1.9) built in an export folder, one recording at a time:
///
/// ```
/// dataset_description.json  participants.tsv  participants.json  README
/// sub-<label>/ses-<session>/eeg/sub-<label>_ses-<session>_task-<task>_run-<run>_eeg.edf   (EDFWriter)
///                                 …_eeg.json  …_channels.tsv  …_events.tsv  …_events.json
/// sourcedata/sub-<label>/ses-<session>/<the HDF5 original>
/// ```
///
/// The participant label is the UUID's hexadecimal digits (BIDS labels are alphanumeric); no name,
/// age or sex is ever written. `_channels.tsv` `status` comes from the recording's quality grades
/// (bad when more than half of the graded 2-s windows were grade 4), `_events.tsv` `trial_type` from
/// the paradigm's condition labels (`EyesOpen`, `EyesOpen/baseline`) or the event's label; lost samples
/// are `gap` rows with their duration (the EDF carries them as `BAD_ACQ_SKIP`, which MNE-BIDS keeps, so
/// naming them so here too would double them in `read_raw_bids`).
final class BIDSDataset {
    let destination: ExportDestination
    private var participants: Set<String> = []
    private var studies: Set<String> = []
    /// The file stems (`sub-…_ses-…_task-…_run-…`) this export has written.
    private var stems: Set<String> = []
    /// Per subject, the last run label given to a legacy duplicate.
    private var substituteRuns: [String: Int] = [:]

    /// Files of the dataset, relative to the destination (the BIDS root).
    static let descriptionFile = "dataset_description.json"

    init(destination: ExportDestination) {
        self.destination = destination
    }

    /// The BIDS label of a participant UUID: its letters and digits, lower-case.
    static func label(_ text: String) -> String {
        let label = String(text.lowercased().unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) && $0.isASCII }.map(Character.init))
        return label.isEmpty ? "unknown" : label
    }

    /// Adds `reader` (the catalog's `item`, stored at `source`) and returns the files written and the
    /// EDF details.
    /// `responseTimes` (seconds, `nil` for misses), from the block's reaction-time trial table, fill
    /// the `response_time` column of the stimulus events (code 510) in order.
    /// `lastRun` is the participant's highest catalogued run: a recording whose subject, session, task
    /// and run this export has written already (two recordings an older version gave one run) gets
    /// the run after it (and after any given so before), so no name is written twice and no real
    /// run's name is taken.
    func add(
        _ reader: RecordingReader, item: CatalogItem, source: URL, responseTimes: [Double?]? = nil, lastRun: Int = 0,
        progress: (Double) -> Void
    ) throws -> ([String], EDFExport) {
        let subject = "sub-" + Self.label(reader.participant ?? item.participant)
        let session = "ses-\(max(0, reader.session ?? item.session ?? 0))"
        let task = "task-" + Self.taskLabel((reader.paradigm?.title).flatMap { $0.isEmpty ? nil : $0 } ?? item.title ?? "recording")
        var runIndex = max(0, reader.run ?? item.run ?? 1)
        var stem = "\(subject)_\(session)_\(task)_run-\(runIndex)"
        while stems.contains(stem) {
            runIndex = max(substituteRuns[subject] ?? 0, lastRun, runIndex) + 1
            substituteRuns[subject] = runIndex
            stem = "\(subject)_\(session)_\(task)_run-\(runIndex)"
        }
        stems.insert(stem)
        let folder = "\(subject)/\(session)/eeg"
        var files: [String] = []

        let edf = try destination.write("\(stem)_eeg.edf", in: folder) { try EDFWriter().write(reader, to: $0, progress: { progress(0.9 * $0) }) }
        files.append("\(folder)/\(stem)_eeg.edf")
        let events = try reader.events()
        let fs = reader.samplingRate

        try writeJSON(sidecar(reader, edf: edf.result, taskName: String(task.dropFirst(5)), events: events), "\(stem)_eeg.json", in: folder)
        files.append("\(folder)/\(stem)_eeg.json")
        try writeText(channels(reader), "\(stem)_channels.tsv", in: folder)
        files.append("\(folder)/\(stem)_channels.tsv")
        try writeText(eventsTable(reader, events: events, fs: fs, responseTimes: responseTimes), "\(stem)_events.tsv", in: folder)
        files.append("\(folder)/\(stem)_events.tsv")
        var description = Self.eventsDescription
        if responseTimes != nil {
            description["response_time"] = [
                "Description": "Reaction time of the trial whose stimulus this is (the trial table's latencyMs), n/a for misses and other events.",
                "Units": "s",
            ]
        }
        try writeJSON(description, "\(stem)_events.json", in: folder)
        files.append("\(folder)/\(stem)_events.json")

        // The HDF5 original, byte for byte.
        let sourceFolder = "sourcedata/\(subject)/\(session)"
        _ = try destination.write(source.lastPathComponent, in: sourceFolder) { try FileManager.default.copyItem(at: source, to: $0) }
        files.append("\(sourceFolder)/\(source.lastPathComponent)")
        participants.insert(subject)
        if let study = reader.study { studies.insert(study) }
        progress(1)
        return (files, edf.result)
    }

    /// The dataset-level files an export replaces in the published dataset (merged with what is there).
    static let mergedFiles = ["participants.tsv", "participants.json"]

    /// Writes (or rewrites, merging what an earlier export put into the published dataset) the
    /// dataset-level files. `dataset_description.json` is published last (``ExportStaging``), so a
    /// dataset is only a dataset once every recording is in it.
    func finish() throws -> [String] {
        let root = destination.folder
        let published = destination.published
        var written: [String] = []
        let description = root.appendingPathComponent(Self.descriptionFile)
        if !FileManager.default.fileExists(atPath: published.appendingPathComponent(Self.descriptionFile).path) {
            let name = studies.isEmpty ? "StudyRecorder export" : "StudyRecorder export: " + studies.sorted().joined(separator: ", ")
            let object: [String: Any] = [
                "Name": name, "BIDSVersion": "1.9.0", "DatasetType": "raw",
                "GeneratedBy": [
                    ["Name": "study-recorder", "Version": StorageModule.softwareVersion, "Description": "study-recorder export --format bids"]
                ],
                "SourceDatasets": [["Description": "the HDF5 originals, under sourcedata/ (docs/formats.md)"]],
            ]
            try ExportDestination.commit(Self.jsonData(object), to: description)
            written.append(Self.descriptionFile)
        }
        // participants.tsv: the labels already there plus the new ones, sorted.
        let table = root.appendingPathComponent("participants.tsv")
        var all = participants
        if let old = try? String(contentsOf: published.appendingPathComponent("participants.tsv"), encoding: .utf8) {
            for line in old.split(separator: "\n").dropFirst() { all.insert(String(line.split(separator: "\t").first ?? "")) }
        }
        try ExportDestination.commit(Data((["participant_id"] + all.sorted()).map { $0 + "\n" }.joined().utf8), to: table)
        written.append("participants.tsv")
        let meta = root.appendingPathComponent("participants.json")
        try ExportDestination.commit(
            Self.jsonData([
                "participant_id": ["Description": "The participant's pseudonymous UUID without hyphens (study-recorder's participant ID)."]
            ]),
            to: meta)
        written.append("participants.json")
        let readme = root.appendingPathComponent("README")
        if !FileManager.default.fileExists(atPath: published.appendingPathComponent("README").path) {
            let text = """
                EEG recorded with study-recorder and exported with `study-recorder export --format bids`.
                Raw data are EDF+ (µV, scaled to each device's physical range); lost samples are 0 µV spans marked
                BAD_ACQ_SKIP in the EDF annotations (trial_type "gap" in _events.tsv). The HDF5 originals, with raw device codes,
                signal-quality series and device metadata, are under sourcedata/ (see the project's docs/formats.md).
                Participants are identified only by their pseudonymous UUID.

                """
            try ExportDestination.commit(Data(text.utf8), to: readme)
            written.append("README")
        }
        return written
    }

    /// A BIDS task label from a paradigm title: letters and digits in camel case (`reaction-time` →
    /// `reactionTime`).
    static func taskLabel(_ title: String) -> String {
        var out = ""
        var upper = false
        for scalar in title.unicodeScalars {
            if scalar.isASCII, CharacterSet.alphanumerics.contains(scalar) {
                out += upper && !out.isEmpty ? String(scalar).uppercased() : String(scalar)
                upper = false
            } else {
                upper = true
            }
        }
        return out.isEmpty ? "recording" : out
    }

    // MARK: Sidecars

    private func sidecar(_ reader: RecordingReader, edf: EDFExport, taskName: String, events: [RecordingEvent]) -> [String: Any] {
        let device = reader.descriptor
        let eegCount = device.channelNames.filter { $0 != "AUX" }.count
        var object: [String: Any] = [
            "TaskName": taskName,
            "EEGReference": device.kind == "muse" || device.kind == "oscillator" ? "Fpz" : "n/a",
            "SamplingFrequency": reader.samplingRate,
            "PowerLineFrequency": reader.powerLineFrequency.map { $0 as Any } ?? "n/a",
            "SoftwareFilters": "n/a",
            "Manufacturer": device.manufacturer,
            "ManufacturersModelName": device.model,
            "SoftwareVersions": "study-recorder " + StorageModule.softwareVersion,
            "EEGChannelCount": eegCount,
            "MISCChannelCount": device.channelNames.count - eegCount,
            "ECGChannelCount": 0, "EMGChannelCount": 0, "EOGChannelCount": 0, "TriggerChannelCount": 0,
            "RecordingDuration": Double(reader.sampleCount) / reader.samplingRate,
            "RecordingType": "continuous",
            "HardwareFilters": "n/a",
        ]
        if device.kind == "muse" || device.kind == "oscillator" {
            object["EEGPlacementScheme"] = "10-20 (TP9, AF7, AF8, TP10)"
            object["EEGGround"] = "Fpz (DRL)"
        }
        if let serial = device.serial { object["DeviceSerialNumber"] = serial }
        if let firmware = device.firmware { object["SoftwareVersions"] = "study-recorder \(StorageModule.softwareVersion); firmware \(firmware)" }
        if edf.gapCount > 0 {
            object["SubjectArtefactDescription"] = "\(edf.gapCount) spans of lost samples, written as 0 µV and marked BAD_ACQ_SKIP"
        }
        if let paradigm = reader.paradigm {
            object["TaskDescription"] =
                "study-recorder paradigm \(paradigm.title)"
                + (paradigm.conditionLabels.isEmpty ? "" : ": conditions " + paradigm.conditionLabels.joined(separator: ", "))
        }
        return object
    }

    private func channels(_ reader: RecordingReader) throws -> String {
        let names = reader.channelNames
        var status = [String](repeating: "n/a", count: names.count)
        var description = [String](repeating: "no signal-quality grades stored", count: names.count)
        if let grade = try reader.series(group: RecordingFormat.Quality.group, name: RecordingFormat.Quality.grade) {
            let columns = reader.seriesColumns(group: RecordingFormat.Quality.group, name: RecordingFormat.Quality.grade) ?? names
            for (i, name) in names.enumerated() {
                guard let c = columns.firstIndex(of: name) else { continue }
                let values = (0..<grade.times.count).map { grade.values[$0 * grade.columns + c] }.filter { !$0.isNaN }
                guard !values.isEmpty else { continue }
                let bad = Double(values.filter { $0 >= 4 }.count) / Double(values.count)
                status[i] = bad > 0.5 ? "bad" : "good"
                description[i] = String(format: "grade 4 (bad) in %.0f%% of %d graded windows", bad * 100, values.count)
            }
        }
        let range = EDFPhysicalRange(for: reader.descriptor.eeg)
        var lines = ["name\ttype\tunits\tsampling_frequency\tdescription\tstatus\tstatus_description"]
        for (i, name) in names.enumerated() {
            let type = name == "AUX" ? "MISC" : "EEG"
            lines.append(
                [
                    name, type, "µV", String(format: "%g", reader.samplingRate),
                    "physical range \(String(format: "%g", range.minimum))…\(String(format: "%g", range.maximum)) µV", status[i], description[i],
                ].joined(separator: "\t"))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The marker code of a reaction-time stimulus (docs/formats.md, trial tables).
    static let stimulusCode: Int32 = 510

    private func eventsTable(_ reader: RecordingReader, events: [RecordingEvent], fs: Double, responseTimes: [Double?]?) -> String {
        var names: [Int64: String] = [:]
        if let p = reader.paradigm {
            for (i, label) in p.conditionLabels.enumerated() {
                if i < p.conditionMarkers.count { names[Int64(p.conditionMarkers[i])] = label }
                if i < p.baseMarkers.count { names[Int64(p.baseMarkers[i])] = label + "/baseline" }
            }
        }
        var lines = ["onset\tduration\ttrial_type\tvalue\tsample\tlabel" + (responseTimes == nil ? "" : "\tresponse_time")]
        var stimulus = 0
        for event in events {
            let onset = Double(event.sample) / fs
            var duration = 0.0
            var type = names[Int64(event.code)] ?? event.label
            if event.code == Marker.gapCode, let n = EDFWriter.gapLength(event.label) {
                // Not BAD_ACQ_SKIP: MNE-BIDS keeps the EDF's BAD_ACQ_SKIP annotations and adds these rows.
                duration = Double(n) / fs
                type = "gap"
            }
            lines.append(
                [
                    EDFAnnotation.seconds(onset, signed: false), EDFAnnotation.seconds(duration, signed: false),
                    Self.tsv(type.isEmpty ? "n/a" : type),
                    String(event.code), String(event.sample), Self.tsv(event.label.isEmpty ? "n/a" : event.label),
                ].joined(separator: "\t") + responseColumn(event, responseTimes, &stimulus))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The `response_time` cell of `event` (empty text when the table has no such column).
    private func responseColumn(_ event: RecordingEvent, _ times: [Double?]?, _ stimulus: inout Int) -> String {
        guard let times else { return "" }
        guard event.code == Self.stimulusCode else { return "\tn/a" }
        defer { stimulus += 1 }
        guard stimulus < times.count, let time = times[stimulus] else { return "\tn/a" }
        return "\t\(time)"  // negative for anticipations
    }

    static var eventsDescription: [String: Any] {
        [
            "trial_type": [
                "Description":
                    "The paradigm's condition (`/baseline` for its baseline marker), `gap` for lost samples (BAD_ACQ_SKIP in the EDF), else the event's label."
            ],
            "value": ["Description": "The marker code (negative: software events: −1 lost samples, −2 device state, −3 recording ended early)."],
            "sample": ["Description": "The sample (0-based) of the event in the EDF file."],
            "label": ["Description": "The event's label as stored in the recording."],
        ]
    }

    /// A TSV cell: tabs and line breaks become spaces.
    static func tsv(_ text: String) -> String {
        String(text.map { $0 == "\t" || $0 == "\n" || $0 == "\r" ? " " : $0 })
    }

    // MARK: Files

    private func writeText(_ text: String, _ name: String, in folder: String) throws {
        _ = try destination.write(name, in: folder) { try Data(text.utf8).write(to: $0) }
    }

    private func writeJSON(_ object: [String: Any], _ name: String, in folder: String) throws {
        let data = try Self.jsonData(object)
        _ = try destination.write(name, in: folder) { try data.write(to: $0) }
    }

    static func jsonData(_ object: Any) throws -> Data {
        var data = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        data.append(0x0A)
        return data
    }
}
