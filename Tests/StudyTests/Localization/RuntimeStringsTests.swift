import Foundation
import Testing

@testable import Study

/// The runtime's own words: complete in English and German, chosen by the study's locale.
struct RuntimeStringsTests {
    private static func slots(_ text: String) -> Set<String> {
        Set((0..<6).map { "{\($0)}" }.filter(text.contains))
    }

    @Test(arguments: RuntimeStrings.languages)
    func everySentenceHasATranslationWithTheSameSlots(_ language: String) {
        let table = RuntimeStrings(locale: language)
        let english = RuntimeStrings(locale: "en")
        for key in RuntimeText.allCases {
            #expect(table.has(key), "\(language) has no '\(key)'")
            #expect(Self.slots(table.entry(key) ?? "") == Self.slots(english.entry(key) ?? ""), "\(language) '\(key)' fills other values")
        }
    }

    @Test func theLocalesLanguageChoosesTheTable() {
        #expect(RuntimeStrings(locale: "de-AT")(.trialProgress, 1, 3, 2, 32) == "Block 1 von 3, Durchgang 2 von 32")
        #expect(RuntimeStrings(locale: "de_CH").language == "de")
        #expect(RuntimeStrings(locale: "en-GB")(.trialProgress, 1, 3, 2, 32) == "block 1 of 3, trial 2 of 32")
        #expect(RuntimeStrings(locale: "fr").language == "en")
    }

    @Test func numbersUseTheLocalesDecimalSeparator() {
        #expect(
            RuntimeStrings(locale: "de")(.hintNumber, RuntimeStrings(locale: "de").number(0.5), RuntimeStrings(locale: "de").number(10))
                == "eine Zahl von 0,5 bis 10")
        #expect(RuntimeStrings(locale: "en").number(2.5) == "2.5")
    }

    @Test func timesAreLocalWithTheirZone() {
        let moment = Date(timeIntervalSince1970: 1_800_000_000)  // 2027-01-15 08:00 UTC
        let berlin = try! #require(TimeZone(identifier: "Europe/Berlin"))
        let german = RuntimeStrings(locale: "de").dateTime(moment, timeZone: berlin)
        #expect(german.contains("09:00") && german.contains("15"))
        #expect(RuntimeStrings(locale: "en").dateTime(moment, timeZone: berlin).contains("09:00"))
    }
}
