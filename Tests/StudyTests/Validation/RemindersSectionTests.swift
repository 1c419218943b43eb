import Foundation
import Study
import Testing

/// `$.reminders`: an optional localized title and text, read with positioned errors like every other
/// section; unknown keys refused.
struct RemindersSectionTests {
    /// minimal.json with `"reminders": <json>` as its first key (on line 2).
    private func validate(reminders json: String) throws -> Result<StudyDefinition, StudyValidationFailure> {
        let text = try FixturePaths.text(FixturePaths.minimal)
        let brace = try #require(text.firstIndex(of: "{"))
        let study = "{\n  \"reminders\": \(json)," + text[text.index(after: brace)...]
        return StudyValidator.validate(text: study, file: "reminders.json")
    }

    @Test func theTextsAreReadInEachLocale() throws {
        let result = try validate(reminders: #"{"title": {"en": "Time for #sessionTitle#", "de": "Zeit für #sessionTitle#"}}"#)
        guard case .success(let study) = result else { Issue.record("refused: \(result)"); return }
        let reminders = try #require(study.reminders)
        #expect(reminders.title?.resolved(for: "de", defaultLocale: "en") == "Zeit für #sessionTitle#")
        #expect(reminders.title?.resolved(for: "en", defaultLocale: "en") == "Time for #sessionTitle#")
        #expect(reminders.text == nil)
        guard case .success(let without) = StudyValidator.validate(text: try FixturePaths.text(FixturePaths.minimal), file: "m.json") else {
            Issue.record("minimal.json refused"); return
        }
        #expect(without.reminders == nil)
    }

    @Test func anUnknownKeyIsRefusedWhereItIs() throws {
        guard case .failure(let failure) = try validate(reminders: #"{"title": "x", "colour": "red"}"#) else {
            Issue.record("an unknown key was accepted"); return
        }
        let first = try #require(failure.errors.first)
        #expect(first.path == "$.reminders.colour")
        #expect((first.line, first.column) == (2, 31))
        #expect(first.message == "one of the keys 'title', 'text' in the reminder texts ('colour' is not a key of the reminder texts)")
    }

    @Test func aTextNeedsTheDefaultLocale() throws {
        guard case .failure(let failure) = try validate(reminders: #"{"text": {"de": "Tag #day#"}}"#) else {
            Issue.record("a text without its default locale was accepted"); return
        }
        let first = try #require(failure.errors.first)
        #expect(first.path == "$.reminders.text")
        #expect(first.message.hasPrefix("a translation for the default locale 'en'"), "\(first.message)")
    }

    @Test func anUnknownPlaceholderIsRefused() throws {
        guard case .failure(let failure) = try validate(reminders: #"{"text": "Hello #participantName#"}"#) else {
            Issue.record("an unknown placeholder was accepted"); return
        }
        #expect(failure.errors.first?.path == "$.reminders.text")
    }
}
