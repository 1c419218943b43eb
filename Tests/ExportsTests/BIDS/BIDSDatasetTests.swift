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
        print(json.dumps({'channels': raw.ch_names, 'rate': raw.info['sfreq'], 'line': raw.info['line_freq'], 'bads': raw.info['bads'],
                          'annotations': sorted(set(raw.annotations.description)), 'skips': int(sum(d == 'BAD_ACQ_SKIP' for d in raw.annotations.description)),
                          'status': [c['status'] for c in channels], 'trial_types': sorted(set(e['trial_type'] for e in events)),
                          'required': all(k in side for k in ['TaskName', 'EEGReference', 'SamplingFrequency', 'PowerLineFrequency', 'SoftwareFilters']),
                          'participants': open(root + '/participants.tsv').read().split()}))
        """

    struct ReadBack: Decodable {
        var channels: [String]; var rate: Double; var line: Double; var bads: [String]; var annotations: [String]; var skips: Int
        var status: [String]; var trial_types: [String]; var required: Bool; var participants: [String]
    }

    struct Validation: Decodable {
        struct Issues: Decodable {
            struct Issue: Decodable { var severity: String; var code: String }
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
        #expect(back.trial_types.contains("EyesOpen") && back.trial_types.contains("EyesOpen/baseline") && back.trial_types.contains("EyesClosed"))
        #expect(back.trial_types.contains("gap"))
        #expect(back.skips == (exported.edf?.gapCount ?? -1) && back.skips > 0, "each gap once as BAD_ACQ_SKIP")
        #expect(back.participants == ["participant_id", "sub-\(subject)"])

        let validator = try #require(Self.validator, "bids-validator-deno is not installed in .venv: run scripts/bootstrap")
        let result = try ProcessRunner.run(validator, ["--format", "json", fixture.out.path])
        let report = try JSONDecoder().decode(Validation.self, from: Data(result.stdout.utf8))
        let errors = report.issues.issues.filter { $0.severity == "error" }.map(\.code)
        #expect(errors.isEmpty, "validator errors: \(errors)")
        #expect(result.status == 0)
    }

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
/// `response_time`.
@Suite(.tags(.python))
struct BIDSReactionTimeTests {
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
