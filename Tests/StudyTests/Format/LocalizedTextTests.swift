import Foundation
import Testing

@testable import Study

struct LocalizedTextTests {
    let text = LocalizedText(translations: ["en": "Relax", "de": "Entspannen", "pt-BR": "Relaxe"])

    @Test func fallsBackFromRegionToLanguageToDefault() {
        #expect(text.resolved(for: "de", defaultLocale: "en") == "Entspannen")
        #expect(text.resolved(for: "de-AT", defaultLocale: "en") == "Entspannen")
        #expect(text.resolved(for: "pt-BR", defaultLocale: "en") == "Relaxe")
        #expect(text.resolved(for: "fr", defaultLocale: "en") == "Relax")
        #expect(text.resolved(for: "fr", defaultLocale: "de") == "Entspannen")
    }

    @Test func aPlainStringIsTheSameInEveryLocale() {
        #expect(LocalizedText("+").resolved(for: "de", defaultLocale: "en") == "+")
    }

    @Test func codableRoundTripKeepsTheFormItWasGivenIn() throws {
        let encoded = try JSONEncoder().encode([LocalizedText("x"), text])
        let decoded = try JSONDecoder().decode([LocalizedText].self, from: encoded)
        #expect(decoded == [LocalizedText("x"), text])
        #expect(String(decoding: encoded, as: UTF8.self).hasPrefix("[\"x\","))
    }
}

struct PlaceholdersTests {
    @Test func findsNamesBetweenHashes() {
        #expect(Placeholders.names(in: "Hi #patientName#, #a# and #b1#.") == ["patientName", "a", "b1"])
        #expect(Placeholders.names(in: "No # here # or #not one#") == [])
        #expect(Placeholders.names(in: "#a##b#") == ["a", "b"])
    }

    @Test func fillsKnownNamesAndLeavesOthers() {
        #expect(Placeholders.fill("#a# and #b#", with: ["a": "1"]) == "1 and #b#")
    }

    @Test func studyRendersNamedTextsWithValues() throws {
        let study = try StudyValidator.validate(text: try FixturePaths.text(FixturePaths.minimal), file: "m").get()
        let prompt = try #require(study.trialTypes["open"]?.phases[0].text)
        #expect(study.render(prompt, locale: "de", values: ["patientName": "Ada"]) == "Mach dich bereit, Ada.")
        #expect(study.render(prompt, locale: "fr", values: ["patientName": "Ada"]) == "Get ready, Ada.")
    }
}

struct DateBoundTests {
    @Test func parsesFixedAndRelativeDates() throws {
        #expect(DateBound("2000-02-29") == .fixed(year: 2000, month: 2, day: 29))
        #expect(DateBound("-18y") == .relative(amount: -18, unit: .year))
        #expect(DateBound("+0d") == .relative(amount: 0, unit: .day))
        #expect(DateBound("18y") == nil)
        #expect(DateBound("2000-13-01") == nil)
        #expect(DateBound("-y") == nil)
        let today = try #require(ISO8601DateFormatter().date(from: "2026-11-22T00:00:00Z"))
        let bound = try #require(DateBound("-18y")?.date(relativeTo: today))
        #expect(ISO8601DateFormatter().string(from: bound) == "2008-11-22T00:00:00Z")
    }
}
