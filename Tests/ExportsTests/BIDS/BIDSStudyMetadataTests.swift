import DataSources
import Foundation
import Storage
import TestSupport
import Testing

@testable import Exports
@testable import Study

/// With the study file (`export --study`), the BIDS dataset says who made it and under which licence,
/// the sidecars name the institution, the task and its instructions, and — because the study opts in —
/// participants.tsv has the mapped questionnaire columns and each questionnaire is a phenotype table.
/// The BIDS validator accepts it with no error.
@Suite(.tags(.python))
struct BIDSStudyMetadataTests {
    static func study() throws -> StudyDefinition {
        var study = try StudyLoader.load(folder: ProjectPaths.root.appendingPathComponent("Studies/reaction-time"))
        study.dataset = DatasetMetadata(
            authors: ["Ada Lovelace", "Hans Berger"], license: "CC-BY-4.0", howToAcknowledge: "Please cite Berger (1929).",
            institutionName: "University of Jena", institutionAddress: "Fürstengraben 1, 07743 Jena, Germany",
            institutionalDepartmentName: "Psychiatry",
            participantColumns: [ParticipantColumn(column: "response_hand", questionnaire: "state", question: "hand")], phenotype: true)
        return study
    }

    @Test func theStudyFillsDescriptionSidecarsParticipantsAndPhenotype() throws {
        let fixture = try ExportFixture(
            "bids-study", seconds: 8, quality: false, markers: BIDSReactionTimeTests.markers, paradigm: BIDSReactionTimeTests.paradigm)
        let started = Date(timeIntervalSince1970: 1_699_999_000)
        for (day, alertness) in [(1, 4), (2, 2)] {
            let record = QuestionnaireRecord(
                title: "state", study: "reaction-time", participant: RecordingFixture.participant, day: day, session: 1, run: day * 10,
                locale: "en", started: started, finished: started + 20,
                answers: [
                    QuestionnaireAnswer(id: "alertness", type: "likert", value: .integer(Int64(alertness))),
                    QuestionnaireAnswer(id: "hand", type: "single-choice", value: .integer(Int64(day))),
                ])
            _ = try QuestionnaireStore.store(record, in: fixture.store)
        }
        let exporter = try fixture.exporter(.bids)
        exporter.study = try Self.study()
        let exported = try exporter.export(fixture.item)
        let extra = try exporter.finish()
        #expect(extra.contains("phenotype/stateDay1Session1.tsv") && extra.contains("phenotype/stateDay2Session1.json"), "\(extra)")

        let description = try Self.json(fixture.out.appendingPathComponent("dataset_description.json"))
        #expect(description["Name"] as? String == "Reaction time")
        #expect(description["Authors"] as? [String] == ["Ada Lovelace", "Hans Berger"])
        #expect(description["License"] as? String == "CC-BY-4.0" && description["HowToAcknowledge"] as? String == "Please cite Berger (1929).")
        let sidecar = try Self.json(fixture.out.appendingPathComponent(try #require(exported.files.first { $0.hasSuffix("_eeg.json") })))
        #expect(sidecar["InstitutionName"] as? String == "University of Jena" && sidecar["InstitutionalDepartmentName"] as? String == "Psychiatry")
        #expect(sidecar["InstitutionAddress"] as? String == "Fürstengraben 1, 07743 Jena, Germany")
        // The session's text needs #blockDuration#, which only the runner knows: left out.
        #expect(sidecar["TaskDescription"] as? String == "Reaction time (study-recorder paradigm reactionTime: conditions Stimulus)", "\(sidecar)")
        #expect((sidecar["Instructions"] as? String)?.hasPrefix("When the X appears, press SPACE") == true, "\(sidecar)")

        let subject = "sub-" + BIDSDataset.label(RecordingFixture.participant)
        let participants = try String(contentsOf: fixture.out.appendingPathComponent("participants.tsv"), encoding: .utf8)
        #expect(participants == "participant_id\tresponse_hand\n\(subject)\t1\n", "the first answer")
        let columns = try Self.json(fixture.out.appendingPathComponent("participants.json"))
        #expect((columns["response_hand"] as? [String: Any])?["Levels"] as? [String: String] == ["1": "right", "2": "left"])
        // One table per study day and session (participant_id is the table's index).
        for (day, row) in [(1, "10\t4\t1"), (2, "20\t2\t2")] {
            let phenotype = try String(contentsOf: fixture.out.appendingPathComponent("phenotype/stateDay\(day)Session1.tsv"), encoding: .utf8)
            #expect(phenotype == "participant_id\trecording_run\talertness\thand\n\(subject)\t\(row)\n")
            let sidecar = try Self.json(fixture.out.appendingPathComponent("phenotype/stateDay\(day)Session1.json"))
            #expect((sidecar["hand"] as? [String: Any])?["Levels"] as? [String: String] == ["1": "right", "2": "left"])
        }

        let validator = try #require(BIDSDatasetTests.validator, "bids-validator-deno is not installed in .venv: run scripts/bootstrap")
        let result = try ProcessRunner.run(validator, ["--format", "json", fixture.out.path])
        let report = try JSONDecoder().decode(BIDSDatasetTests.Validation.self, from: Data(result.stdout.utf8))
        let errors = report.issues.issues.filter { $0.severity == "error" }.map(\.code)
        #expect(errors.isEmpty, "validator errors: \(errors)")
        let warnings = Set(report.issues.issues.filter { $0.severity == "warning" }.map(\.name))
        #expect(
            warnings.isSubset(of: BIDSDatasetTests.unavoidableWarnings), "avoidable: \(warnings.subtracting(BIDSDatasetTests.unavoidableWarnings))")
    }

    static func json(_ url: URL) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    }
}
