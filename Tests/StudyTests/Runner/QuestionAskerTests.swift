import Foundation
import Testing

@testable import Study

/// The hints under each question promise only what the parser accepts.
struct QuestionAskerTests {
    @Test(arguments: ["mynd-example", "reaction-time"], ["en", "de"])
    func everyHintsPromiseIsAccepted(_ name: String, _ locale: String) throws {
        let study = try StudyLoader.load(folder: FixturePaths.studies.appendingPathComponent(name))
        let strings = RuntimeStrings(locale: locale)
        let asker = QuestionAsker(study: study, locale: locale, values: [:], interface: ScriptedInterface(), automatic: true)
        let questions = study.questionnaires.values.flatMap(\.questions) + study.consent.questions
        for question in questions {
            let hint = asker.hint(for: question) ?? ""
            switch question.kind {
            case .singleChoice, .multipleChoice:
                #expect(hint.contains(strings(question.kind == .singleChoice ? .hintChoice : .hintChoices)))
                for choice in question.choices ?? [] {
                    // "the text of a choice": as shown in this locale.
                    let shown = study.render(choice.text, locale: locale)
                    let parsed = question.parseAnswer(shown, strings: strings)
                    let expected: Answer = question.kind == .singleChoice ? .choice(choice.value) : .choices([choice.value])
                    if question.kind == .multipleChoice, (question.minSelections ?? 0) > 1 { continue }
                    #expect(parsed == .success(expected), "\(question.id): '\(shown)'")
                }
            case .slider, .numeric, .likert:
                guard let low = question.minimum else { continue }
                // The lower end as the hint writes it (a decimal comma in German) is accepted.
                let written = strings.number(low)
                #expect(hint.contains(written), "\(question.id): \(hint)")
                #expect((try? question.parseAnswer(written, strings: strings).get()) != nil, "\(question.id): '\(written)'")
                if let step = question.step, step.rounded() != step {
                    let between = strings.number(low + step)
                    #expect((try? question.parseAnswer(between, strings: strings).get()) == .number(low + step), "\(question.id): '\(between)'")
                }
            default:
                break
            }
        }
    }

    /// Every hint is a sentence (a capital letter to a full stop) that says when Enter skips the
    /// question; an exclusive choice is named as an answer on its own.
    @Test(arguments: ["mynd-example", "reaction-time"], ["en", "de"])
    func everyHintIsASentenceThatSaysWhenItMayBeSkipped(_ name: String, _ locale: String) throws {
        let study = try StudyLoader.load(folder: FixturePaths.studies.appendingPathComponent(name))
        let asker = QuestionAsker(study: study, locale: locale, values: [:], interface: ScriptedInterface(), automatic: true)
        let skip = locale == "de" ? "Enter zum Überspringen" : "press Enter to skip"
        for question in study.questionnaires.values.flatMap(\.questions) + study.consent.questions {
            guard let hint = asker.hint(for: question)?.trimmingCharacters(in: .whitespaces) else { continue }
            #expect(hint.first?.isUppercase == true && hint.hasSuffix("."), "\(question.id): \(hint)")
            #expect(hint.contains(skip) == question.optional, "\(question.id): \(hint)")
            if question.choices?.contains(where: { $0.exclusive == true }) == true {
                #expect(hint.hasSuffix(locale == "de" ? "ist eine Antwort für sich allein." : "is an answer on its own."), "\(hint)")
            }
        }
    }

}
