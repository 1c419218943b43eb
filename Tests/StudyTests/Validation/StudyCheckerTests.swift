import Foundation
import Testing

@testable import Study

/// The whole-study checks added for texts a participant sees and sessions that can be run: a
/// placeholder must be fillable where its text is shown, a date question must accept some date, and
/// repeats must not multiply a session beyond the documented bound.
struct StudyCheckerTests {
    private func minimal() throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(contentsOf: FixturePaths.minimal)) as? [String: Any])
    }

    private func errors(_ object: [String: Any]) throws -> [StudyDiagnostic] {
        let data = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
        guard case .failure(let failure) = StudyValidator.validate(bytes: Array(data), file: "t.json") else { return [] }
        return failure.errors
    }

    @Test func aNameInTheConsentIsAnErrorBecauseNobodyIsNamedYet() throws {
        var study = try minimal()
        var consent = try #require(study["consent"] as? [String: Any])
        consent["agreement"] = "I, #patientName#, agree."
        study["consent"] = consent
        let found = try errors(study)
        #expect(found.map(\.path) == ["$.consent.agreement"])
        #expect(found.first?.message.contains("#patientName# is not known there") == true)
    }

    @Test func aSessionValueInADayTitleIsAnError() throws {
        var study = try minimal()
        study["days"] = [["title": "Day #day#, #blockDuration# min", "sessions": ["mood", "rest"]], ["sessions": ["rest"]]]
        #expect(try errors(study).map(\.path) == ["$.days[0].title"])
    }

    @Test func aNamedTextCarriesItsPlaceholdersIntoTheScopeItIsUsedIn() throws {
        var study = try minimal()
        var texts = study["texts"] as? [String: Any] ?? [:]
        texts["greeting"] = "Hello #patientName#"
        study["texts"] = texts
        var consent = try #require(study["consent"] as? [String: Any])
        consent["title"] = "#greeting#"
        study["consent"] = consent
        let found = try errors(study)
        #expect(found.map(\.path) == ["$.consent.title"])
        #expect(found.first?.message.contains("#greeting# uses #patientName#") == true)
    }

    @Test func namesAreFineInSessionsAndConsentQuestions() throws {
        var study = try minimal()
        var sessions = try #require(study["sessions"] as? [String: Any])
        var rest = try #require(sessions["rest"] as? [String: Any])
        rest["text"] = "#possessivePatient# session #sessionTitle#, day #day#, #blockDuration# min, #youHaveTimeRemaining#, next day #nextDayOpens#"
        sessions["rest"] = rest
        study["sessions"] = sessions
        #expect(try errors(study).isEmpty)
    }

    @Test(arguments: [("2020-01-01", "2019-12-31", true), ("-18y", "-100y", true), ("-100y", "-18y", false), ("2020-01-01", "2020-01-01", false)])
    func dateBoundsThatExcludeEveryAnswerAreAnError(_ earliest: String, _ latest: String, _ invalid: Bool) throws {
        var study = try minimal()
        var questionnaires = try #require(study["questionnaires"] as? [String: Any])
        var mood = try #require(questionnaires["mood"] as? [String: Any])
        var questions = try #require(mood["questions"] as? [Any])
        questions.append(["id": "born", "kind": "date", "text": "Born?", "earliest": earliest, "latest": latest])
        mood["questions"] = questions
        questionnaires["mood"] = mood
        study["questionnaires"] = questionnaires
        let found = try errors(study)
        #expect(found.map(\.path) == (invalid ? ["$.questionnaires.mood.questions[\(questions.count - 1)].latest"] : []))
        if invalid { #expect(found.first?.message.contains("excludes every answer") == true) }
    }

    @Test(arguments: [(2, 1, false), (60, 2, true), (20, 1000, true)])
    func repeatsThatExplodeASessionAreAnError(_ entries: Int, _ trialCount: Int, _ invalid: Bool) throws {
        var study = try minimal()
        var sessions = try #require(study["sessions"] as? [String: Any])
        var rest = try #require(sessions["rest"] as? [String: Any])
        let block: [String: Any] = ["repeat": 2, "trials": [["type": "open", "count": trialCount], ["type": "closed"]]]
        rest["blocks"] = Array(repeating: block, count: entries)
        sessions["rest"] = rest
        study["sessions"] = sessions
        let found = try errors(study)
        #expect(found.map(\.path) == (invalid ? ["$.sessions.rest.blocks"] : []), "\(found)")
    }
}
