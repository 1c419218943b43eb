import Foundation
import Testing

@testable import Study

/// `$.dataset`: what exports say about a study (authors, licence, acknowledgement, institution,
/// participants.tsv columns from questionnaire answers, phenotype tables) is read and checked like
/// every other part: an SPDX-like licence, column names BIDS accepts, and columns that name a defined
/// questionnaire and one of its questions with a shareable (choice, scale or number) answer.
struct DatasetMetadataTests {
    private func minimal() throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(contentsOf: FixturePaths.minimal)) as? [String: Any])
    }

    private func validate(_ dataset: [String: Any]) throws -> Result<StudyDefinition, StudyValidationFailure> {
        var study = try minimal()
        study["dataset"] = dataset
        let data = try JSONSerialization.data(withJSONObject: study, options: [.prettyPrinted, .sortedKeys])
        return StudyValidator.validate(bytes: Array(data), file: "t.json")
    }

    private func errorPaths(_ dataset: [String: Any]) throws -> [String] {
        guard case .failure(let failure) = try validate(dataset) else { return [] }
        return failure.errors.map(\.path)
    }

    @Test func aCompleteDatasetDescriptionIsRead() throws {
        let result = try validate([
            "authors": ["Ada Lovelace", "Hans Berger"], "license": "CC-BY-4.0", "howToAcknowledge": "Cite Berger (1929).",
            "institutionName": "University of Jena", "institutionAddress": "Fürstengraben 1, Jena", "institutionalDepartmentName": "Psychiatry",
            "phenotype": true,
            "participantColumns": [
                ["column": "mood", "questionnaire": "mood", "question": "mood"],
                ["column": "coffee", "questionnaire": "mood", "question": "coffee", "description": "Coffee on the day of enrolment."],
            ],
        ])
        guard case .success(let study) = result else {
            Issue.record("\(result)")
            return
        }
        let dataset = try #require(study.dataset)
        #expect(dataset.authors == ["Ada Lovelace", "Hans Berger"] && dataset.license == "CC-BY-4.0")
        #expect(dataset.howToAcknowledge == "Cite Berger (1929)." && dataset.institutionName == "University of Jena" && dataset.phenotype)
        #expect(dataset.institutionAddress == "Fürstengraben 1, Jena" && dataset.institutionalDepartmentName == "Psychiatry")
        #expect(dataset.participantColumns.map(\.column) == ["mood", "coffee"])
        #expect(dataset.participantColumns.last?.description == "Coffee on the day of enrolment.")
    }

    @Test func aStudyWithoutItHasNone() throws {
        let data = try JSONSerialization.data(withJSONObject: try minimal())
        guard case .success(let study) = StudyValidator.validate(bytes: Array(data), file: "t.json") else {
            Issue.record("the minimal study must validate")
            return
        }
        #expect(study.dataset == nil)
    }

    @Test func wrongValuesAreReportedWhereTheyAre() throws {
        #expect(try errorPaths(["license": "CC BY 4.0"]) == ["$.dataset.license"])
        #expect(try errorPaths(["authors": []]) == ["$.dataset.authors"])
        #expect(try errorPaths(["phenotype": "yes"]) == ["$.dataset.phenotype"])
        #expect(try errorPaths(["publisher": "x"]).count == 1)
        #expect(
            try errorPaths(["participantColumns": [["column": "participant_id", "questionnaire": "mood", "question": "mood"]]])
                == ["$.dataset.participantColumns[0].column"])
        #expect(
            try errorPaths(["participantColumns": [["column": "Age", "questionnaire": "mood", "question": "mood"]]])
                == ["$.dataset.participantColumns[0].column"])
        #expect(
            try errorPaths([
                "participantColumns": [
                    ["column": "mood", "questionnaire": "mood", "question": "mood"],
                    ["column": "mood", "questionnaire": "mood", "question": "sleep"],
                ]
            ]) == ["$.dataset.participantColumns"])
    }

    @Test func columnsMustNameAQuestionWithAShareableAnswer() throws {
        #expect(
            try errorPaths(["participantColumns": [["column": "age", "questionnaire": "initial", "question": "age"]]])
                == ["$.dataset.participantColumns[0].questionnaire"])
        #expect(
            try errorPaths(["participantColumns": [["column": "age", "questionnaire": "mood", "question": "age"]]])
                == ["$.dataset.participantColumns[0].question"])
        var study = try minimal()
        var questionnaires = try #require(study["questionnaires"] as? [String: Any])
        var mood = try #require(questionnaires["mood"] as? [String: Any])
        var questions = try #require(mood["questions"] as? [[String: Any]])
        questions.append(["id": "diary", "kind": "text", "text": "Anything else?"])
        mood["questions"] = questions
        questionnaires["mood"] = mood
        study["questionnaires"] = questionnaires
        study["dataset"] = ["participantColumns": [["column": "diary", "questionnaire": "mood", "question": "diary"]]]
        let data = try JSONSerialization.data(withJSONObject: study, options: [.sortedKeys])
        guard case .failure(let failure) = StudyValidator.validate(bytes: Array(data), file: "t.json") else {
            Issue.record("a free-text column must be refused")
            return
        }
        #expect(failure.errors.map(\.path) == ["$.dataset.participantColumns[0].question"])
        #expect(failure.errors.first?.message.contains("free text") == true)
    }
}
