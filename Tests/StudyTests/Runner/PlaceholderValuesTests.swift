import Foundation
import Testing

@testable import Study

/// The built-in placeholders' values at each moment of a run.
struct PlaceholderValuesTests {
    @Test func beforeEnrolmentOnlyTheLocalesWordsAreKnown() {
        let values = PlaceholderValues(locale: "de").dictionary
        #expect(Set(values.keys) == PlaceholderScope.words)
        #expect(values["your"] == "dein" && values["of"] == "von")
        // Every value the consent scope allows is there: nothing it accepts stays unfilled.
        #expect(PlaceholderScope.consent.builtIns.isSubset(of: Set(values.keys)))
    }

    @Test func withinASessionEveryBuiltInIsFilled() throws {
        var values = PlaceholderValues(locale: "de", names: ParticipantNames(patientName: "Hans", helperName: "Eva"))
        values.day = 2
        values.sessionTitle = "Ruhe"
        values.blockMinutes = 3
        values.remainingMinutes = 9
        values.nextDayOpens = Date(timeIntervalSince1970: 1_800_000_000)
        let filled = values.dictionary
        #expect(Set(filled.keys) == Placeholders.builtIn)
        #expect(filled["possessivePatient"] == "Hans’")
        #expect(filled["youHaveTimeRemaining"] == "noch etwa 9 Minuten vor dir")
        #expect(filled["blockDuration"] == "3" && filled["day"] == "2")
        for scope in PlaceholderScope.allCases { #expect(scope.builtIns.isSubset(of: Set(filled.keys))) }
    }

    /// The reference's estimate: 40 s per question, whole minutes, at least one.
    @Test func aQuestionnaireTakesFortySecondsAQuestion() {
        let questions = (0..<4).map { Question(id: "q\($0)", kind: .text) }
        #expect(PlaceholderValues.questionnaireMinutes(Questionnaire(title: LocalizedText("Q"), questions: questions)) == 3)
        #expect(PlaceholderValues.questionnaireMinutes(Questionnaire(title: LocalizedText("Q"), questions: [questions[0]])) == 1)
    }
}
