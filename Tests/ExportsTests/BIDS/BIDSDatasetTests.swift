import DataSources
import Foundation
import Storage
import TestSupport
import Testing

@testable import Exports
@testable import Study

/// The BIDS dataset passes the BIDS validator (bids-validator-deno, offline) with no error and reads
/// back with MNE-BIDS' `read_raw_bids` with the recording's channels, rate, line frequency and events.
@Suite(.tags(.python))
struct BIDSDatasetTests {
    static let readBack = """
        import sys, json, csv, warnings, h5py, mne_bids
        warnings.simplefilter('ignore')
        root, sub = sys.argv[1], sys.argv[2]
        p = mne_bids.BIDSPath(subject=sub, session='1', task='rest', run=1, datatype='eeg', root=root)
        raw = mne_bids.read_raw_bids(p, verbose='error')
        with open(str(p.copy().update(suffix='channels', extension='.tsv').fpath), encoding='utf-8') as fh:
            channels = list(csv.DictReader(fh, delimiter='\\t'))
        with open(str(p.copy().update(suffix='events', extension='.tsv').fpath), encoding='utf-8') as fh:
            events = list(csv.DictReader(fh, delimiter='\\t'))
        side = json.load(open(str(p.copy().update(suffix='eeg', extension='.json').fpath)))
        skips = [(round(a['onset'], 6), round(a['duration'], 6)) for a in raw.annotations if a['description'] == 'BAD_ACQ_SKIP']
        with open(root + '/sub-' + sub + '/ses-1/sub-' + sub + '_ses-1_scans.tsv', encoding='utf-8') as fh:
            scans = list(csv.DictReader(fh, delimiter='\t'))
        print(json.dumps({'channels': raw.ch_names, 'rate': raw.info['sfreq'], 'line': raw.info['line_freq'], 'bads': raw.info['bads'],
                          'annotations': sorted(set(raw.annotations.description)), 'skips': len(set(skips)),
                          'status': [c['status'] for c in channels], 'trial_types': sorted(set(e['trial_type'] for e in events)),
                          'events': [[float(e['onset']), float(e['duration']), e['trial_type']] for e in events], 'scans': scans,
                          'required': all(k in side for k in ['TaskName', 'EEGReference', 'SamplingFrequency', 'PowerLineFrequency', 'SoftwareFilters']),
                          'participants': open(root + '/participants.tsv').read().split()}))
        """

    struct ReadBack: Decodable {
        var channels: [String]; var rate: Double; var line: Double; var bads: [String]; var annotations: [String]; var skips: Int
        var status: [String]; var trial_types: [String]; var required: Bool; var participants: [String]
        var events: [[EDFWriterTests.Value]]; var scans: [[String: String]]
    }

    struct Validation: Decodable {
        struct Issues: Decodable {
            struct Issue: Decodable {
                var severity: String; var code: String; var subCode: String?
                /// `CODE/subCode` (`SIDECAR_KEY_RECOMMENDED/CogAtlasID`).
                var name: String { subCode.map { "\(code)/\($0)" } ?? code }
            }
            var issues: [Issue]
        }
        var issues: Issues
    }

    @Test func theDatasetValidatesAndReadsBackInMNEBIDS() throws {
        let fixture = try ExportFixture("bids", seconds: 20, dropouts: 6)
        let exporter = try fixture.exporter(.bids)
        let exported = try exporter.export(fixture.item)
        let extra = try exporter.finish()
        #expect(extra.contains("dataset_description.json") && extra.contains("participants.tsv"))
        let subject = BIDSDataset.label(RecordingFixture.participant)
        #expect(subject == "3f2504e04f8911d39a0c0305e82c3301")
        #expect(exported.files.contains("sourcedata/sub-\(subject)/ses-1/r_rest_1_1_1_\(RecordingFixture.participant).h5"))
        let original = try Data(contentsOf: fixture.store.url(of: fixture.item.path))
        #expect(try Data(contentsOf: fixture.out.appendingPathComponent(exported.files.last ?? "")) == original)

        let back = try PythonTool.json(ReadBack.self, script: Self.readBack, arguments: [fixture.out.path, subject])
        #expect(back.channels == ["TP9", "AF7", "AF8", "TP10"] && back.rate == 256 && back.line == 50)
        #expect(back.required)
        // Grades [1, 2, 4, 1] after warm-up: AF8 is bad, and MNE-BIDS reads it as bad.
        #expect(back.status == ["good", "good", "bad", "good"] && back.bads == ["AF8"])
        #expect(back.trial_types.contains("EyesOpen") && back.trial_types.contains("EyesOpen_baseline") && back.trial_types.contains("EyesClosed"))
        #expect(back.trial_types.contains("BAD_ACQ_SKIP") && !back.trial_types.contains("gap"), "lost samples are BAD_ACQ_SKIP rows")
        #expect(back.trial_types.allSatisfy { !$0.contains("/") }, "MNE reads / as a tag hierarchy: \(back.trial_types)")
        // MNE-BIDS keeps the EDF's BAD_ACQ_SKIP annotations and adds the events.tsv rows: each gap's
        // span, once per distinct span.
        #expect(back.skips == (exported.edf?.gapCount ?? -1) && back.skips > 0, "each gap as BAD_ACQ_SKIP")
        let events = EDFWriterTests.annotations(back.events)
        #expect(events.map(\.onset) == events.map(\.onset).sorted(), "rows in onset order")
        // EyesOpen (320 at 5 s) lasts until the next study marker (420 at 12.5 s); its baseline (310 at
        // 2 s) until 320.
        #expect(events.filter { $0.text == "EyesOpen" }.map(\.duration) == [7.5])
        #expect(events.filter { $0.text == "EyesOpen_baseline" }.map(\.duration) == [3])
        #expect(events.filter { $0.text == "BAD_ACQ_SKIP" }.allSatisfy { $0.duration > 0 })
        #expect(back.participants == ["participant_id", "sub-\(subject)"])
        // scans.tsv: the acquisition time to the millisecond and the original study identifiers.
        #expect(back.scans.count == 1)
        #expect(back.scans.first?["filename"] == "eeg/sub-\(subject)_ses-1_task-rest_run-1_eeg.edf")
        #expect(back.scans.first?["acq_time"] == "2023-11-14T22:13:20.250Z")
        #expect(back.scans.first?["study_day"] == "1" && back.scans.first?["study_session"] == "1" && back.scans.first?["recording_run"] == "1")

        let validator = try #require(Self.validator, "bids-validator-deno is not installed in .venv: run scripts/bootstrap")
        let result = try ProcessRunner.run(validator, ["--format", "json", fixture.out.path])
        let report = try JSONDecoder().decode(Validation.self, from: Data(result.stdout.utf8))
        let errors = report.issues.issues.filter { $0.severity == "error" }.map(\.code)
        #expect(errors.isEmpty, "validator errors: \(errors)")
        #expect(result.status == 0)
        // The warnings the export cannot avoid (docs/analysis.md); EVENT_ONSET_ORDER is gone.
        let warnings = Set(report.issues.issues.filter { $0.severity == "warning" }.map(\.name))
        let allowed = Self.unavoidableWarnings.union(Self.warningsWithoutStudy)
        #expect(warnings.isSubset(of: allowed), "avoidable validator warnings: \(warnings.subtracting(allowed))")
        #expect(!warnings.contains { $0.hasPrefix("EVENT_ONSET_ORDER") })
    }

    /// The validator's warnings that no export can avoid, each explained in docs/analysis.md: no HED
    /// tags are used; no Cognitive Atlas or CogPO term and no head circumference is known.
    static let unavoidableWarnings: Set<String> = [
        "JSON_KEY_RECOMMENDED/HEDVersion", "SIDECAR_KEY_RECOMMENDED/CogAtlasID", "SIDECAR_KEY_RECOMMENDED/CogPOID",
        "SIDECAR_KEY_RECOMMENDED/HeadCircumference",
    ]
    /// The further warnings of an export without the study file (`export --study` fills them).
    static let warningsWithoutStudy: Set<String> = [
        "JSON_KEY_RECOMMENDED/License", "NO_AUTHORS/Authors", "TOO_FEW_AUTHORS", "SIDECAR_KEY_RECOMMENDED/InstitutionName",
        "SIDECAR_KEY_RECOMMENDED/InstitutionAddress", "SIDECAR_KEY_RECOMMENDED/InstitutionalDepartmentName",
        "SIDECAR_KEY_RECOMMENDED/Instructions",
    ]

    /// A later export into the same dataset adds its participant and keeps what was there.
    @Test func aSecondExportAddsToTheDataset() throws {
        let first = try ExportFixture("bids-first", seconds: 3, quality: false)
        let exporter = try first.exporter(.bids)
        _ = try exporter.export(first.item)
        _ = try exporter.finish()
        let description = try Data(contentsOf: first.out.appendingPathComponent("dataset_description.json"))
        let other = "0F1E2D3C-4B5A-6978-8796-A5B4C3D2E1F0"
        let second = try ExportFixture("bids-second", seconds: 3, quality: false, participant: other)
        let more = Exporter(store: second.store, destination: try ExportDestination(folder: first.out, dataFolder: second.store.root), format: .bids)
        _ = try more.export(second.item)
        _ = try more.finish()
        let participants = try String(contentsOf: first.out.appendingPathComponent("participants.tsv"), encoding: .utf8)
        #expect(participants == "participant_id\nsub-0f1e2d3c4b5a69788796a5b4c3d2e1f0\nsub-\(BIDSDataset.label(RecordingFixture.participant))\n")
        #expect(try Data(contentsOf: first.out.appendingPathComponent("dataset_description.json")) == description)
        // The same recording again writes the same bytes (a repeated export completes); once the
        // file under its name holds other bytes, it is refused rather than overwritten.
        _ = try more.export(second.item)
        _ = try more.finish()
        let edf = try #require(
            FileManager.default.enumerator(atPath: first.out.path)?.compactMap { $0 as? String }
                .first { $0.hasPrefix("sub-0f1e2d3c") && $0.hasSuffix("_eeg.edf") })
        let published = first.out.appendingPathComponent(edf)
        var changed = try Data(contentsOf: published)
        changed[changed.count - 1] ^= 0xFF
        try FileManager.default.removeItem(at: published)
        try changed.write(to: published)
        #expect(throws: ExportError.self) { try more.export(second.item) }
        #expect(try Data(contentsOf: published) == changed)
    }

    /// Sessions and runs are numbered 1…n from the catalog alone: a later recording of the same study
    /// session (run counter 3) exported on its own becomes run 2 of ses-1, and the session's
    /// scans.tsv, published already, gets its row beside the first (merged, sorted by file).
    @Test func aLaterRecordingOfTheSessionIsTheNextRunAndJoinsTheScansTable() throws {
        let fixture = try ExportFixture("bids-runs", seconds: 3, quality: false)
        let exporter = try fixture.exporter(.bids)
        _ = try exporter.export(fixture.item)
        _ = try exporter.finish()
        let name = "r_rest_1_1_3_\(RecordingFixture.participant).h5"
        let made = try RecordingFixture.make(in: fixture.dir, name: name, seconds: 2, startTime: 1_700_000_100.5)
        let stored = try fixture.store.participantFolder(RecordingFixture.participant).appendingPathComponent(name)
        try FileManager.default.moveItem(at: made, to: stored)
        let later = CatalogItem(
            kind: .recording, path: fixture.store.relativePath(of: stored), participant: RecordingFixture.participant, study: "export-test",
            title: "rest", day: 1, session: 1, run: 3, state: .pending, outcome: .complete)
        try fixture.store.catalog.insert(later)
        let second = try fixture.exporter(.bids)
        let exported = try second.export(later)
        _ = try second.finish()
        let subject = "sub-" + BIDSDataset.label(RecordingFixture.participant)
        #expect(exported.files.first == "\(subject)/ses-1/eeg/\(subject)_ses-1_task-rest_run-2_eeg.edf")
        let scans = try String(contentsOf: fixture.out.appendingPathComponent("\(subject)/ses-1/\(subject)_ses-1_scans.tsv"), encoding: .utf8)
        let rows = scans.split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }
        #expect(
            rows.first == [
                "filename", "acq_time", "study_day", "study_session", "recording_run", "source", "signal_source", "scripted_participant", "speed",
            ])
        #expect(rows.dropFirst().map { $0[0] } == ["eeg/\(subject)_ses-1_task-rest_run-1_eeg.edf", "eeg/\(subject)_ses-1_task-rest_run-2_eeg.edf"])
        #expect(rows.dropFirst().map { $0[1] } == ["2023-11-14T22:13:20.250Z", "2023-11-14T22:15:00.500Z"])
        // The stored run counter is the file's (1 in both fixtures' files); the catalog's 3 names the file.
        #expect(rows.last?[5] == "sourcedata/\(subject)/ses-1/\(name)")
        // The fixtures' files have no /Provenance: their provenance columns say nothing.
        #expect(rows.dropFirst().allSatisfy { $0.suffix(3) == ["n/a", "n/a", "n/a"] })
        #expect(BIDSNumbering(of: later, among: [fixture.item, later]) == BIDSNumbering(session: 1, run: 2))
        var other = later
        other.id = "other"
        other.day = 2
        #expect(BIDSNumbering(of: other, among: [fixture.item, later, other]) == BIDSNumbering(session: 2, run: 1))
    }

    @Test func labelsAreAlphanumeric() {
        #expect(BIDSDataset.taskLabel("reaction-time") == "reactionTime")
        #expect(BIDSDataset.taskLabel("rest") == "rest")
        #expect(BIDSDataset.label("A1-b2_C3") == "a1b2c3")
    }

    static var validator: URL? {
        let url = ProjectPaths.root.appendingPathComponent(".venv/bin/bids-validator-deno")
        return FileManager.default.isExecutableFile(atPath: url.path) ? url : nil
    }
}

/// A reaction-time block: the trial table stored with the recording gives the stimulus events their
/// `response_time`, and MNE epochs it by condition.
@Suite(.tags(.python))
struct BIDSReactionTimeTests {
    static let paradigm = Paradigm(
        title: "reactionTime", conditionLabels: ["Stimulus"], conditionMarkers: [510], baseMarkers: [502], baseTime: -0.5, trialTime: 1.5)

    /// Three trials as the study runner marks them: foreperiod (502), stimulus (510), then a response
    /// (520), a response, a miss (540).
    static let markers: [Int64: Marker] = [
        256: Marker(code: 502, label: "reaction/foreperiod"), 512: Marker(code: 510, label: "reaction/stimulus"),
        640: Marker(code: 520, label: "reaction/response"), 768: Marker(code: 502, label: "reaction/foreperiod"),
        1024: Marker(code: 510, label: "reaction/stimulus"), 1216: Marker(code: 520, label: "reaction/response"),
        1280: Marker(code: 502, label: "reaction/foreperiod"), 1536: Marker(code: 510, label: "reaction/stimulus"),
        1920: Marker(code: 540, label: "reaction/miss"),
    ]

    /// MNE-BIDS reads the dataset, MNE epochs it by condition: as many `Stimulus` epochs as the trial
    /// table has trials, and `epochs['Stimulus']` holds no foreperiod (baseline) epoch.
    @Test func epochsByConditionMatchTheTrialTable() throws {
        let fixture = try ExportFixture("bids-epochs", seconds: 8, quality: false, markers: Self.markers, paradigm: Self.paradigm)
        let start = Date(timeIntervalSince1970: 1_790_000_000)
        let trials = (1...3).map { n in
            ReactionTimeResult(
                trial: n, stimulus: "X", response: n == 3 ? nil : "space", foreperiod: 1, keyAfterOnset: n == 3 ? nil : 0.5, responseWindow: 1.5,
                timestamp: start + Double(2 * n))
        }
        try Self.storeTrialTable(trials, with: fixture)
        let exporter = try fixture.exporter(.bids)
        _ = try exporter.export(fixture.item)
        _ = try exporter.finish()
        let script = """
            import sys, json, warnings, mne, mne_bids
            warnings.simplefilter('ignore')
            p = mne_bids.BIDSPath(subject=sys.argv[2], session='1', task='reactionTime', run=1, datatype='eeg', root=sys.argv[1])
            raw = mne_bids.read_raw_bids(p, verbose='error')
            events, ids = mne.events_from_annotations(raw, verbose='error')
            epochs = mne.Epochs(raw, events, ids, tmin=-0.1, tmax=0.2, baseline=None, preload=True, verbose='error')
            print(json.dumps({'ids': sorted(ids), 'stimulus': len(epochs['Stimulus']), 'foreperiod': len(epochs['Stimulus_baseline']),
                              'stimulus_types': sorted(set(epochs['Stimulus'].event_id))}))
            """
        struct Counts: Decodable { var ids: [String]; var stimulus: Int; var foreperiod: Int; var stimulus_types: [String] }
        let back = try PythonTool.json(Counts.self, script: script, arguments: [fixture.out.path, BIDSDataset.label(RecordingFixture.participant)])
        #expect(back.stimulus == trials.count, "one Stimulus epoch per trial: \(back)")
        #expect(back.stimulus_types == ["Stimulus"], "no foreperiod epoch in epochs['Stimulus']: \(back.stimulus_types)")
        #expect(back.foreperiod == trials.count)
        #expect(back.ids.allSatisfy { !$0.contains("/") && $0 != "BAD_ACQ_SKIP" }, "\(back.ids)")
    }

    /// A key before the stimulus ends its trial without a stimulus marker (the trial table's
    /// stimulusTime is null): the response times still go to the stimuli of their own trials, and the
    /// Stimulus epochs are the trials with a stimulus.
    @Test func anAnticipationBeforeTheStimulusShiftsNoResponseTime() throws {
        let markers: [Int64: Marker] = [
            256: Marker(code: 502, label: "reaction/foreperiod"), 512: Marker(code: 510, label: "reaction/stimulus"),
            640: Marker(code: 520, label: "reaction/response"), 768: Marker(code: 502, label: "reaction/foreperiod"),
            896: Marker(code: 530, label: "reaction/anticipation"), 1280: Marker(code: 502, label: "reaction/foreperiod"),
            1536: Marker(code: 510, label: "reaction/stimulus"), 1600: Marker(code: 520, label: "reaction/response"),
        ]
        let fixture = try ExportFixture("bids-anticipation", seconds: 8, quality: false, markers: markers, paradigm: Self.paradigm)
        let start = Date(timeIntervalSince1970: 1_790_000_000)
        let trials = [
            ReactionTimeResult(
                trial: 1, stimulus: "X", response: "space", foreperiod: 1, latencyMs: 500, outcome: .correct, timestamp: start,
                stimulusTime: "2026-09-21T11:33:21.000Z", stimulusSample: 512),
            ReactionTimeResult(
                trial: 2, stimulus: "X", response: "space", foreperiod: 1, latencyMs: -500, outcome: .anticipation, timestamp: start + 2),
            ReactionTimeResult(
                trial: 3, stimulus: "X", response: "space", foreperiod: 1, latencyMs: 250, outcome: .correct, timestamp: start + 4,
                stimulusTime: "2026-09-21T11:33:25.000Z", stimulusSample: 1536),
        ]
        try Self.storeTrialTable(trials, with: fixture)
        let exporter = try fixture.exporter(.bids)
        let exported = try exporter.export(fixture.item)
        _ = try exporter.finish()
        let events = try #require(exported.files.first { $0.hasSuffix("_events.tsv") })
        let rows = try String(contentsOf: fixture.out.appendingPathComponent(events), encoding: .utf8).split(separator: "\n").map {
            $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        }
        #expect(rows.dropFirst().filter { $0[3] == "510" }.map { $0.last ?? "" } == ["0.5", "0.25"], "each stimulus its own trial's time")
        #expect(rows.dropFirst().filter { $0[2] == "Stimulus" }.count == trials.filter { $0.stimulusTime != nil }.count)
        #expect(rows.dropFirst().filter { $0[2] == "Stimulus_baseline" }.count == trials.count)
    }

    /// Stores `trials` as the reaction-time trial table of `fixture`'s recording.
    static func storeTrialTable(_ trials: [ReactionTimeResult], with fixture: ExportFixture) throws {
        let recording = fixture.item.path.split(separator: "/").last.map(String.init) ?? ""
        let table = TrialTable(
            study: "export-test", participant: RecordingFixture.participant, day: 1, session: 1, run: 1, block: 1, recording: recording,
            outcome: .complete, medianCorrectLatencyMs: ReactionTimeResult.medianCorrectLatency(trials), trials: trials)
        _ = try QuestionnaireStore.storeJSON(
            table, kind: .trials, fileName: FileNaming.trials(title: "rest", day: 1, session: 1, run: 1, participant: RecordingFixture.participant),
            participant: RecordingFixture.participant, study: "export-test", title: "rest", day: 1, session: 1, run: 1, in: fixture.store)
    }

    @Test func stimulusEventsCarryTheTrialTablesResponseTimes() throws {
        let markers: [Int64: Marker] = [
            256: Marker(code: 510, label: "reactionTime/stimulus"), 400: Marker(code: 520, label: "reactionTime/response"),
            768: Marker(code: 510, label: "reactionTime/stimulus"), 1280: Marker(code: 510, label: "reactionTime/stimulus"),
        ]
        let fixture = try ExportFixture("bids-rt", seconds: 8, quality: false, markers: markers)
        let start = Date(timeIntervalSince1970: 1_790_000_000)
        let trials = [
            ReactionTimeResult(
                trial: 1, stimulus: "X", response: "space", foreperiod: 1, keyAfterOnset: 1.5625, responseWindow: 1.5, timestamp: start),
            ReactionTimeResult(
                trial: 2, stimulus: "X", response: "space", foreperiod: 1, keyAfterOnset: 0.875, responseWindow: 1.5, timestamp: start + 3),
            ReactionTimeResult(trial: 3, stimulus: "X", response: nil, foreperiod: 1, keyAfterOnset: nil, responseWindow: 1.5, timestamp: start + 5),
        ]
        let recording = fixture.item.path.split(separator: "/").last.map(String.init) ?? ""
        let table = TrialTable(
            study: "export-test", participant: RecordingFixture.participant, day: 1, session: 1, run: 1, block: 1, recording: recording,
            outcome: .complete,
            medianCorrectLatencyMs: ReactionTimeResult.medianCorrectLatency(trials), trials: trials)
        _ = try QuestionnaireStore.storeJSON(
            table, kind: .trials, fileName: FileNaming.trials(title: "rest", day: 1, session: 1, run: 1, participant: RecordingFixture.participant),
            participant: RecordingFixture.participant, study: "export-test", title: "rest", day: 1, session: 1, run: 1, in: fixture.store)
        let exporter = try fixture.exporter(.bids)
        let exported = try exporter.export(fixture.item)
        _ = try exporter.finish()
        let events = try #require(exported.files.first { $0.hasSuffix("_events.tsv") })
        let rows = try String(contentsOf: fixture.out.appendingPathComponent(events), encoding: .utf8).split(separator: "\n").map {
            $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        }
        #expect(rows.first?.last == "response_time")
        let stimuli = rows.dropFirst().filter { $0[3] == "510" }.map { $0.last ?? "" }
        #expect(stimuli == ["0.5625", "-0.125", "n/a"], "latency, anticipation (negative), miss")
        #expect(rows.dropFirst().filter { $0[3] == "520" }.map { $0.last ?? "" } == ["n/a"])
        let validator = try #require(BIDSDatasetTests.validator, "bids-validator-deno is not installed in .venv: run scripts/bootstrap")
        let result = try ProcessRunner.run(validator, ["--format", "json", fixture.out.path])
        let report = try JSONDecoder().decode(BIDSDatasetTests.Validation.self, from: Data(result.stdout.utf8))
        #expect(
            report.issues.issues.filter { $0.severity == "error" }.isEmpty, "\(report.issues.issues.filter { $0.severity == "error" }.map(\.code))")
    }
}
