import Foundation
import Testing

@testable import Study

struct AnswerTests {
    let today = ISO8601DateFormatter().date(from: "2026-11-22T00:00:00Z")!

    private func question(_ kind: QuestionKind, _ configure: (inout Question) -> Void = { _ in }) -> Question {
        var question = Question(id: "q", kind: kind)
        configure(&question)
        return question
    }

    @Test func choicesAcceptOnlyTheirValues() {
        let single = question(.singleChoice) {
            $0.choices = [Choice(value: 1, text: LocalizedText("a")), Choice(value: 0, text: LocalizedText("b"))]
        }
        #expect(single.parseAnswer("0") == .success(.choice(0)))
        #expect(single.parseAnswer("2") == .failure(AnswerProblem("one of 1 (a), 0 (b)")))
        var multiple = single
        multiple.kind = .multipleChoice
        multiple.minSelections = 1
        #expect(multiple.parseAnswer("0, 1") == .success(.choices([1, 0])))
        #expect(multiple.parseAnswer("1,1") == .failure(AnswerProblem("distinct choices among 1 (a), 0 (b), separated by commas")))
    }

    /// The hint promises "the number or the text of a choice": the text is accepted too, in any of
    /// the study's locales and regardless of case.
    @Test func choicesAcceptTheirTextInEveryLocale() {
        let yesNo = [
            Choice(value: 1, text: LocalizedText(translations: ["en": "yes", "de": "ja"])),
            Choice(value: 0, text: LocalizedText(translations: ["en": "no", "de": "nein"])),
        ]
        let single = question(.singleChoice) { $0.choices = yesNo }
        #expect(single.parseAnswer("Nein") == .success(.choice(0)))
        #expect(single.parseAnswer("yes") == .success(.choice(1)))
        var multiple = single
        multiple.kind = .multipleChoice
        #expect(multiple.parseAnswer("ja, nein") == .success(.choices([1, 0])))
        #expect(multiple.parseAnswer("0 1") == .success(.choices([1, 0])))
    }

    /// "None of these" marked exclusive is an answer on its own: with a condition it is refused
    /// with a sentence that says why, in the participant's language; alone it is taken.
    @Test func anExclusiveChoiceIsRefusedWithAnother() {
        let conditions = question(.multipleChoice) {
            $0.minSelections = 1
            $0.choices = [
                Choice(value: 1, text: LocalizedText(translations: ["en": "neurological condition", "de": "neurologische Erkrankung"])),
                Choice(value: 0, text: LocalizedText(translations: ["en": "none of these", "de": "nichts davon"]), exclusive: true),
            ]
        }
        let german = RuntimeStrings(locale: "de")
        guard case .failure(let problem) = conditions.parseAnswer("nichts davon, 1", strings: german) else {
            Issue.record("[1, 0] was taken")
            return
        }
        #expect(
            german(.pleaseAnswer, problem.expected)
                == "Bitte antworte mit „nichts davon“ allein: diese Antwort lässt sich mit keiner anderen kombinieren.")
        #expect(
            conditions.parseAnswer("1, 0") == .failure(AnswerProblem("“none of these” alone: it cannot be combined with other answers")))
        #expect(conditions.parseAnswer("0", strings: german) == .success(.choices([0])))
        #expect(conditions.parseAnswer("1", strings: german) == .success(.choices([1])))
    }

    /// Refusals are in the participant's language, numbers with the locale's decimal comma.
    @Test func problemsSpeakTheLocale() {
        let german = RuntimeStrings(locale: "de")
        let slider = question(.slider) {
            $0.minimum = 0; $0.maximum = 10; $0.step = 0.5
        }
        #expect(slider.parseAnswer("2,3", strings: german) == .failure(AnswerProblem("einem Wert in Schritten von 0,5 ab 0")))
        #expect(slider.parseAnswer("", strings: german) == .failure(AnswerProblem("einer Antwort (diese Frage ist nicht optional)")))
        #expect(slider.parseAnswer("11", strings: german) == .failure(AnswerProblem("einer Zahl von 0 bis 10")))
    }

    @Test func numbersRespectRangeIntegerAndStep() {
        let likert = question(.likert) {
            $0.minimum = 1; $0.maximum = 7
        }
        #expect(likert.parseAnswer("7") == .success(.number(7)))
        #expect(likert.parseAnswer("8") == .failure(AnswerProblem("a number from 1 to 7")))
        #expect(likert.parseAnswer("2.5") == .failure(AnswerProblem("a whole number")))
        let slider = question(.slider) {
            $0.minimum = 0; $0.maximum = 10; $0.step = 0.5
        }
        #expect(slider.parseAnswer("2,5") == .success(.number(2.5)))
        #expect(slider.parseAnswer("2.3") == .failure(AnswerProblem("a value in steps of 0.5 from 0")))
        let numeric = question(.numeric) {
            $0.minimum = -10; $0.maximum = 10
        }
        #expect(numeric.parseAnswer("-3.5") == .success(.number(-3.5)))
    }

    @Test func textKeepsUmlautsAndRespectsMaxLength() {
        let text = question(.text) { $0.maxLength = 5 }
        #expect(text.parseAnswer(" Jürg ") == .success(.text("Jürg")))
        #expect(text.parseAnswer("Jürgen") == .failure(AnswerProblem("at most 5 characters")))
    }

    @Test func datesAreCheckedAgainstRelativeBounds() {
        let birth = question(.date) {
            $0.earliest = "-100y"; $0.latest = "-18y"
        }
        #expect(birth.parseAnswer("1990-05-17", today: today) == .success(.date("1990-05-17")))
        #expect(birth.parseAnswer("2010-01-01", today: today) == .failure(AnswerProblem("a date on or before 2008-11-22")))
        #expect(birth.parseAnswer("17.05.1990", today: today) == .failure(AnswerProblem("a date as YYYY-MM-DD")))
    }

    @Test func emptyInputSkipsOnlyOptionalQuestions() {
        #expect(question(.text).parseAnswer("") == .failure(AnswerProblem("an answer (this question is not optional)")))
        #expect(question(.text) { $0.optional = true }.parseAnswer("  ") == .success(.skipped))
        #expect(question(.instruction).parseAnswer("") == .success(.acknowledged))
    }

    @Test func answersEncodeAsPlainJSONValues() throws {
        let answers: [String: Answer] = [
            "a": .choice(2), "b": .choices([1, 3]), "c": .text("Grüße"), "d": .skipped, "e": .number(2.5), "f": .acknowledged,
        ]
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = String(decoding: try encoder.encode(answers), as: UTF8.self)
        #expect(json == #"{"a":2,"b":[1,3],"c":"Grüße","d":null,"e":2.5,"f":true}"#)
        #expect(try JSONDecoder().decode([String: Answer].self, from: Data(json.utf8)) == answers)
    }
}
