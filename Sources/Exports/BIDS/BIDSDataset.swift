import DataSources
import Foundation
import Storage
import Study

/// An EEG-BIDS dataset (BIDS 1.9) built in an export folder, one recording at a time:
///
/// ```
/// dataset_description.json  participants.tsv  participants.json  README
/// scans.json
/// sub-<label>/ses-<n>/sub-<label>_ses-<n>_scans.tsv                                   (BIDSScansTable)
/// sub-<label>/ses-<n>/eeg/sub-<label>_ses-<n>_task-<task>_run-<run>_eeg.edf          (EDFWriter)
///                         …_eeg.json  …_channels.tsv  …_events.tsv  …_events.json     (BIDSEventsTable)
///                         …_recording-<stream>_physio.tsv.gz + .json  (PPG, optics: BIDSPhysioRecording)
/// sub-<label>/ses-<n>/motion/…_task-<task>_tracksys-<stream>_run-<run>_motion.tsv + .json + _channels.tsv
///                                                                   (accelerometer, gyroscope: BIDSMotionRecording)
/// derivatives/heartrate/…/eeg/…_desc-heartrate_beats.tsv + .json    (stored heart rate: BIDSHeartRateDerivative)
/// sourcedata/sub-<label>/ses-<n>/<the HDF5 original>
/// ```
///
/// The participant label is the UUID's hexadecimal digits (BIDS labels are alphanumeric); no name,
/// age or sex is ever written. Sessions and runs are numbered 1…n from the participant's catalogued
/// recordings (``BIDSNumbering``); `scans.tsv` keeps the original study day, session and run counter.
/// `_channels.tsv` `status` comes from the recording's quality grades (bad when more than half of the
/// graded 2-s windows were grade 4); `_events.tsv` is ``BIDSEventsTable``'s (flat `trial_type` names,
/// `BAD_ACQ_SKIP` rows for lost samples, onset order, condition durations).
final class BIDSDataset {
    let destination: ExportDestination
    /// The study the recordings belong to, when the exporter was given it.
    let study: StudyDefinition?
    private var participants: Set<String> = []
    /// Per participant label, their questionnaire records (oldest first), when the study maps
    /// answers to participants.tsv columns or exports phenotype tables.
    private var questionnaires: [String: [QuestionnaireRecord]] = [:]
    private var studies: Set<String> = []
    /// The file stems (`sub-…_ses-…_task-…_run-…`) this export has written.
    private var stems: Set<String> = []
    /// The rows of each session's `scans.tsv` (by its path in the dataset) this export adds.
    private var scans: [String: [BIDSScansTable.Row]] = [:]
    /// Whether a recording of this export stored heart rate (``BIDSHeartRateDerivative``).
    private var hasHeartRate = false

    /// Files of the dataset, relative to the destination (the BIDS root).
    static let descriptionFile = "dataset_description.json"

    init(destination: ExportDestination, study: StudyDefinition? = nil) {
        self.destination = destination
        self.study = study
    }

    /// Whether the dataset needs the participants' questionnaire records (the study opted in to
    /// participants.tsv columns or phenotype tables).
    var needsQuestionnaires: Bool {
        guard let dataset = study?.dataset else { return false }
        return dataset.phenotype || !dataset.participantColumns.isEmpty
    }

    /// Whether the questionnaire records of `participant` (a UUID) were added.
    func hasQuestionnaires(of participant: String) -> Bool { questionnaires["sub-" + Self.label(participant)] != nil }

    /// Adds the questionnaire records of `participant` (a UUID), for participants.tsv and phenotype.
    func addQuestionnaires(_ records: [QuestionnaireRecord], of participant: String) {
        questionnaires["sub-" + Self.label(participant)] = records.sorted { ($0.day, $0.session, $0.run) < ($1.day, $1.session, $1.run) }
    }

    /// The phenotype tables (opt-in): one per questionnaire of the study and study day and session
    /// at which this export's participants answered it.
    private var phenotypeTables: [BIDSPhenotypeTable] {
        guard let study, study.dataset?.phenotype == true else { return [] }
        let metadata = BIDSStudyMetadata(study: study)
        var seen = Set<String>()
        var tables: [BIDSPhenotypeTable] = []
        for record in questionnaires.values.joined() {
            guard let questionnaire = study.questionnaires[record.title] else { continue }
            let table = BIDSPhenotypeTable(
                name: record.title, questionnaire: questionnaire, day: record.day, session: record.session, metadata: metadata)
            guard !table.questions.isEmpty, seen.insert(table.path).inserted else { continue }
            tables.append(table)
        }
        return tables.sorted { $0.path < $1.path }
    }

    /// The BIDS label of a participant UUID: its letters and digits, lower-case.
    static func label(_ text: String) -> String {
        let label = String(text.lowercased().unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) && $0.isASCII }.map(Character.init))
        return label.isEmpty ? "unknown" : label
    }

    /// Adds `reader` (the catalog's `item`, stored at `source`) as the BIDS session and run
    /// `numbering` gives it, and returns the files written and the EDF details.
    /// `responseTimes` (seconds, `nil` for misses), from the block's reaction-time trial table, fill
    /// the `response_time` column of the stimulus events (code 510) in order.
    func add(
        _ reader: RecordingReader, item: CatalogItem, source: URL, numbering: BIDSNumbering, responseTimes: [Double?]? = nil,
        progress: (Double) -> Void
    ) throws -> ([String], EDFExport) {
        let subject = "sub-" + Self.label(reader.participant ?? item.participant)
        let session = "ses-\(numbering.session)"
        let task = "task-" + Self.taskLabel((reader.paradigm?.title).flatMap { $0.isEmpty ? nil : $0 } ?? item.title ?? "recording")
        let stem = "\(subject)_\(session)_\(task)_run-\(numbering.run)"
        guard !stems.contains(stem) else {
            throw ExportError.io(path: destination.published.appendingPathComponent(stem).path, reason: "two recordings were given one BIDS name")
        }
        stems.insert(stem)
        let folder = "\(subject)/\(session)/eeg"
        var files: [String] = []

        let edf = try destination.write("\(stem)_eeg.edf", in: folder) { try EDFWriter().write(reader, to: $0, progress: { progress(0.9 * $0) }) }
        files.append("\(folder)/\(stem)_eeg.edf")
        let events = try reader.events()
        let table = BIDSEventsTable(
            paradigm: reader.paradigm, samplingRate: reader.samplingRate, sampleCount: reader.sampleCount, responseTimes: responseTimes)

        try writeJSON(sidecar(reader, edf: edf.result, taskName: String(task.dropFirst(5)), events: events), "\(stem)_eeg.json", in: folder)
        files.append("\(folder)/\(stem)_eeg.json")
        try writeText(channels(reader), "\(stem)_channels.tsv", in: folder)
        files.append("\(folder)/\(stem)_channels.tsv")
        try writeText(table.text(events), "\(stem)_events.tsv", in: folder)
        files.append("\(folder)/\(stem)_events.tsv")
        try writeJSON(table.description(events), "\(stem)_events.json", in: folder)
        files.append("\(folder)/\(stem)_events.json")
        let start = try reader.readBlock(from: 0, count: 1).times.first ?? reader.clockAnchor?.utc ?? 0
        files += try addStreams(reader, stem: stem, folder: folder, motionStem: "\(subject)_\(session)_\(task)", taskName: String(task.dropFirst(5)), run: numbering.run)

        // The HDF5 original, byte for byte.
        let sourceFolder = "sourcedata/\(subject)/\(session)"
        _ = try destination.write(source.lastPathComponent, in: sourceFolder) { try FileManager.default.copyItem(at: source, to: $0) }
        files.append("\(sourceFolder)/\(source.lastPathComponent)")
        scans["\(subject)/\(session)/\(subject)_\(session)_scans.tsv", default: []].append(
            BIDSScansTable.Row(
                filename: "eeg/\(stem)_eeg.edf", start: start, studyDay: reader.day ?? item.day, studySession: reader.session ?? item.session,
                recordingRun: reader.run ?? item.run, source: "\(sourceFolder)/\(source.lastPathComponent)", provenance: reader.provenance))
        participants.insert(subject)
        if let study = reader.study { studies.insert(study) }
        progress(1)
        return (files, edf.result)
    }

    /// The recording's other streams beside the EEG: PPG and optics as physiological recordings
    /// (``BIDSPhysioRecording``) in the EEG folder, accelerometer and gyroscope as motion
    /// (``BIDSMotionRecording``) in the session's `motion` folder. Returns the files written.
    private func addStreams(_ reader: RecordingReader, stem: String, folder: String, motionStem: String, taskName: String, run: Int) throws -> [String] {
        var files: [String] = []
        let streams = reader.descriptor.streams.filter { [.ppg, .accelerometer, .gyroscope].contains($0.kind) }
        guard !streams.isEmpty else { return [] }
        var eegTimes: [Double] = []
        eegTimes.reserveCapacity(Int(reader.sampleCount))
        for first in stride(from: Int64(0), to: reader.sampleCount, by: 1 << 18) {
            eegTimes += try reader.readBlock(from: first, count: Int(min(1 << 18, reader.sampleCount - first))).times
        }
        let axis = BIDSTimeAxis(times: eegTimes, rate: reader.samplingRate)
        if let heartRate = try BIDSHeartRateDerivative(reader, axis: axis) {
            let derived = "\(BIDSHeartRateDerivative.root)/\(folder)"
            try writeText(heartRate.table(), "\(stem)_desc-heartrate_beats.tsv", in: derived)
            try writeJSON(heartRate.sidecar(), "\(stem)_desc-heartrate_beats.json", in: derived)
            files += ["\(derived)/\(stem)_desc-heartrate_beats.tsv", "\(derived)/\(stem)_desc-heartrate_beats.json"]
            hasHeartRate = true
        }
        for stream in streams {
            guard let data = try reader.stream(named: stream.name), !data.times.isEmpty else { continue }
            if stream.kind == .ppg {
                let physio = BIDSPhysioRecording(stream: stream, times: data.times, values: data.values, columns: data.columns, axis: axis)
                let name = "\(stem)_recording-\(physio.label)_physio"
                _ = try destination.write(name + ".tsv.gz", in: folder) { try physio.writeTable(to: $0) }
                try writeJSON(physio.sidecar(taskName: taskName, device: reader.descriptor), name + ".json", in: folder)
                files += ["\(folder)/\(name).tsv.gz", "\(folder)/\(name).json"]
            } else {
                let motion = BIDSMotionRecording(stream: stream, times: data.times, values: data.values, columns: data.columns, axis: axis)
                let motionFolder = folder.replacingOccurrences(of: "/eeg", with: "/motion")
                let name = "\(motionStem)_tracksys-\(motion.label)_run-\(run)"
                _ = try destination.write(name + "_motion.tsv", in: motionFolder) { try motion.table().write(to: $0) }
                try writeJSON(motion.sidecar(taskName: taskName, device: reader.descriptor), name + "_motion.json", in: motionFolder)
                try writeText(motion.channels(), name + "_channels.tsv", in: motionFolder)
                files += ["\(motionFolder)/\(name)_motion.tsv", "\(motionFolder)/\(name)_motion.json", "\(motionFolder)/\(name)_channels.tsv"]
            }
        }
        return files
    }

    /// The dataset-level files an export replaces in the published dataset (merged with what is there).
    static let mergedFiles = ["participants.tsv", "participants.json", "scans.json"]

    /// The files of this export that replace the published ones (merged with what is there): the
    /// dataset-level ones and each session's `scans.tsv`.
    var replacedFiles: [String] { Self.mergedFiles + scans.keys.sorted() + phenotypeTables.flatMap { [$0.path, $0.sidecarPath] } }

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
            var object: [String: Any] = [
                "Name": name, "BIDSVersion": "1.9.0", "DatasetType": "raw",
                "GeneratedBy": [
                    ["Name": "study-recorder", "Version": ProductVersion.current, "Description": "study-recorder export --format bids"]
                ],
                "SourceDatasets": [["Description": "the HDF5 originals, under sourcedata/ (docs/formats.md)"]],
            ]
            if let study { object.merge(BIDSStudyMetadata(study: study).descriptionFields) { _, new in new } }
            try ExportDestination.commit(Self.jsonData(object), to: description)
            written.append(Self.descriptionFile)
        }
        // participants.tsv: the rows already there plus the new ones, sorted; the study's columns.
        let table = BIDSParticipantsTable(columns: study?.dataset?.participantColumns ?? [], study: study)
        var rows: [String: [QuestionnaireRecord]] = [:]
        for label in participants { rows[label] = questionnaires[label] ?? [] }
        let old = try? String(contentsOf: published.appendingPathComponent("participants.tsv"), encoding: .utf8)
        try ExportDestination.commit(Data(table.text(rows, merging: old).utf8), to: root.appendingPathComponent("participants.tsv"))
        written.append("participants.tsv")
        var meta = table.description
        if let data = try? Data(contentsOf: published.appendingPathComponent("participants.json")),
            let earlier = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        {
            meta.merge(earlier) { mine, _ in mine }
        }
        try ExportDestination.commit(Self.jsonData(meta), to: root.appendingPathComponent("participants.json"))
        written.append("participants.json")
        for phenotype in phenotypeTables {
            try FileManager.default.createDirectory(at: root.appendingPathComponent("phenotype"), withIntermediateDirectories: true)
            let old = try? String(contentsOf: published.appendingPathComponent(phenotype.path), encoding: .utf8)
            try ExportDestination.commit(Data(phenotype.text(questionnaires, merging: old).utf8), to: root.appendingPathComponent(phenotype.path))
            try ExportDestination.commit(Self.jsonData(phenotype.description), to: root.appendingPathComponent(phenotype.sidecarPath))
            written += [phenotype.path, phenotype.sidecarPath]
        }
        try ExportDestination.commit(Self.jsonData(BIDSScansTable.description), to: root.appendingPathComponent("scans.json"))
        written.append("scans.json")
        for (path, entries) in scans.sorted(by: { $0.key < $1.key }) {
            let old = try? String(contentsOf: published.appendingPathComponent(path), encoding: .utf8)
            try ExportDestination.commit(Data(BIDSScansTable.text(entries, merging: old).utf8), to: root.appendingPathComponent(path))
            written.append(path)
        }
        let derivative = "\(BIDSHeartRateDerivative.root)/\(Self.descriptionFile)"
        if hasHeartRate, !FileManager.default.fileExists(atPath: published.appendingPathComponent(derivative).path) {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(BIDSHeartRateDerivative.root), withIntermediateDirectories: true)
            try ExportDestination.commit(Self.jsonData(BIDSHeartRateDerivative.description), to: root.appendingPathComponent(derivative))
            written.append(derivative)
        }
        let readme = root.appendingPathComponent("README")
        if !FileManager.default.fileExists(atPath: published.appendingPathComponent("README").path) {
            let text = """
                EEG recorded with study-recorder and exported with `study-recorder export --format bids`.
                Raw data are EDF+ (µV, scaled to each device's physical range); lost samples are 0 µV spans marked
                BAD_ACQ_SKIP in the EDF annotations and in _events.tsv. The HDF5 originals, with raw device codes,
                signal-quality series and device metadata, are under sourcedata/ (see the project's docs/formats.md).
                The headband's other streams sit beside each EEG run: PPG and optics as _physio.tsv.gz (n/a where
                samples were lost; Athena optics labels are provisional, as each _physio.json says), accelerometer
                and gyroscope as BIDS motion (_motion.tsv with _channels.tsv); beats and heart rate derived from
                the PPG or optics are under derivatives/heartrate/.
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
            "SoftwareVersions": "study-recorder " + ProductVersion.current,
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
        // A headband's electrodes are built in: the headband is the cap.
        object["CapManufacturer"] = device.kind == "muse" ? device.manufacturer : "n/a"
        object["CapManufacturersModelName"] = device.kind == "muse" ? device.model : "n/a"
        if let serial = device.serial { object["DeviceSerialNumber"] = serial }
        if let firmware = device.firmware { object["SoftwareVersions"] = "study-recorder \(ProductVersion.current); firmware \(firmware)" }
        // "n/a": no major source of artefacts known (BIDS reads it so).
        object["SubjectArtefactDescription"] =
            edf.gapCount > 0 ? "\(edf.gapCount) spans of lost samples, written as 0 µV and marked BAD_ACQ_SKIP" : "n/a"
        if let provenance = reader.provenance { object["Provenance"] = Self.provenanceObject(provenance) }
        if let paradigm = reader.paradigm {
            object["TaskDescription"] =
                "study-recorder paradigm \(paradigm.title)"
                + (paradigm.conditionLabels.isEmpty ? "" : ": conditions " + paradigm.conditionLabels.joined(separator: ", "))
        }
        if let study {
            var fields = BIDSStudyMetadata(study: study).sidecarFields(paradigm: reader.paradigm?.title)
            if let task = fields["TaskDescription"] as? String, let generic = object["TaskDescription"] as? String {
                fields["TaskDescription"] = task + " (" + generic + ")"
            }
            object.merge(fields) { _, new in new }
        }
        return object
    }

    /// The sidecar's `Provenance` object: the original's `/Provenance` attributes under their names,
    /// plus `ParticipantData` (false for demonstration data) and, then, why.
    static func provenanceObject(_ p: Provenance) -> [String: Any] {
        var object: [String: Any] = [
            "Source": (p.source ?? .other).rawValue, "ScriptedParticipant": p.scriptedParticipant, "Speed": p.speed,
            "SoftwareVersion": p.softwareVersion, "DecoderVersion": p.decoderVersion ?? RecordingFormat.Provenance.noDecoder,
            "ParticipantData": !p.isDemonstration,
        ]
        if let line = p.commandLine { object["CommandLine"] = line }
        if let recorded = p.recordedDecoderVersion { object["RecordedDecoderVersion"] = recorded }
        if let reason = p.demonstrationReason { object["NotParticipantData"] = reason }
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
