import DataSources
import Foundation
import Storage
import TestSupport
import Testing

@testable import Exports

/// Where each recording came from, in a BIDS dataset: `scans.tsv`'s provenance columns and the
/// sidecar's `Provenance` object (the dataset still passes the validator), demonstration data left
/// out unless asked, and a table published before the columns existed merged without losing a cell.
@Suite(.tags(.python))
struct BIDSProvenanceTests {
    static let headband = Provenance(
        source: .headband, speed: 1, decoderVersion: "muse-classic/1", commandLine: ["study-recorder", "run", "Studies/x", "--name", "(left out)"])

    /// The rows of the one session's `scans.tsv` of the fixture's participant, by column name.
    static func scans(_ fixture: ExportFixture) throws -> [[String: String]] {
        let subject = "sub-" + BIDSDataset.label(RecordingFixture.participant)
        let text = try String(contentsOf: fixture.out.appendingPathComponent("\(subject)/ses-1/\(subject)_ses-1_scans.tsv"), encoding: .utf8)
        let rows = text.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        let header = rows.first ?? []
        return rows.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(header, $0)) }
    }

    @Test func aParticipantsRecordingSaysWhereItCameFromAndTheDatasetIsValid() throws {
        let fixture = try ExportFixture("bids-provenance", seconds: 8, provenance: Self.headband)
        let exporter = try fixture.exporter(.bids)
        let exported = try exporter.export(fixture.item)
        _ = try exporter.finish()
        #expect(exported.demonstration == nil)
        let row = try #require(try Self.scans(fixture).first)
        #expect(row["signal_source"] == "headband" && row["scripted_participant"] == "false" && row["speed"] == "1", "\(row)")
        let sidecar = try #require(exported.files.first { $0.hasSuffix("_eeg.json") })
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: fixture.out.appendingPathComponent(sidecar))) as? [String: Any])
        let p = try #require(object["Provenance"] as? [String: Any])
        #expect(p["Source"] as? String == "headband" && p["DecoderVersion"] as? String == "muse-classic/1" && p["ParticipantData"] as? Bool == true)
        #expect(p["CommandLine"] as? [String] == Self.headband.commandLine)
        let description = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: fixture.out.appendingPathComponent("scans.json"))) as? [String: Any])
        #expect(description["signal_source"] != nil && description["scripted_participant"] != nil && description["speed"] != nil)

        let validator = try #require(BIDSDatasetTests.validator, "bids-validator-deno is not installed in .venv: run scripts/bootstrap")
        let result = try ProcessRunner.run(validator, ["--format", "json", fixture.out.path])
        let report = try JSONDecoder().decode(BIDSDatasetTests.Validation.self, from: Data(result.stdout.utf8))
        let errors = report.issues.issues.filter { $0.severity == "error" }.map(\.code)
        #expect(errors.isEmpty && result.status == 0, "validator errors: \(errors)")
        let warnings = Set(report.issues.issues.filter { $0.severity == "warning" }.map(\.name))
        let allowed = BIDSDatasetTests.unavoidableWarnings.union(BIDSDatasetTests.warningsWithoutStudy)
        #expect(warnings.isSubset(of: allowed), "avoidable validator warnings: \(warnings.subtracting(allowed))")
    }

    @Test func demonstrationDataStaysOutOfTheDatasetUnlessAsked() throws {
        let demo = Provenance(source: .oscillator, scriptedParticipant: true, speed: 20)
        let fixture = try ExportFixture("bids-demonstration", seconds: 4, provenance: demo)
        let exporter = try fixture.exporter(.bids)
        #expect(throws: ExportError.demonstration(path: fixture.item.path, reason: "scripted participant, oscillator, 20x speed")) {
            try exporter.export(fixture.item)
        }
        #expect(try exporter.finish().isEmpty, "nothing published")
        #expect(!FileManager.default.fileExists(atPath: fixture.out.appendingPathComponent("dataset_description.json").path))
        let asked = try fixture.exporter(.bids)
        asked.includeSimulated = true
        #expect(try asked.export(fixture.item).demonstration == "scripted participant, oscillator, 20x speed")
        _ = try asked.finish()
        let row = try #require(try Self.scans(fixture).first)
        #expect(row["signal_source"] == "oscillator" && row["scripted_participant"] == "true" && row["speed"] == "20", "\(row)")
        // A file format converts it and says what it is.
        let edf = try ExportFixture("edf-demonstration", seconds: 4, provenance: demo)
        #expect(try edf.exporter(.edf).export(edf.item).demonstration == "scripted participant, oscillator, 20x speed")
    }

    @Test func aTablePublishedBeforeTheColumnsKeepsItsRowsWithUnknownProvenance() {
        let old =
            "filename\tacq_time\tstudy_day\tstudy_session\trecording_run\tsource\neeg/a_eeg.edf\t2023-11-14T22:13:20.250Z\t1\t1\t1\tsourcedata/a.h5\n"
        let row = BIDSScansTable.Row(
            filename: "eeg/b_eeg.edf", start: 1_700_000_000.25, studyDay: 1, studySession: 1, recordingRun: 2, source: "sourcedata/b.h5",
            provenance: Provenance(source: .simulatedHeadband, speed: 4))
        let lines = BIDSScansTable.text([row], merging: old).split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }
        #expect(lines[0] == BIDSScansTable.header)
        #expect(lines[1] == ["eeg/a_eeg.edf", "2023-11-14T22:13:20.250Z", "1", "1", "1", "sourcedata/a.h5", "n/a", "n/a", "n/a"])
        #expect(lines[2].suffix(3) == ["simulated-headband", "false", "4"])
    }
}
