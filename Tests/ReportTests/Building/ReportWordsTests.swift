import Foundation
import Testing

@testable import Report

/// The participant view in the participant's language: complete in English and German, with the
/// same slots, and the German page says so (`lang`) and keeps its English field anchors.
struct ReportWordsTests {
    @Test(arguments: ["en", "de"])
    func everyTextHasATranslationWithTheSameSlots(_ language: String) {
        let words = ReportWords(locale: language)
        let english = ReportWords(locale: "en")
        func slots(_ key: ReportText, _ w: ReportWords) -> Set<String> {
            let filled = w(key, "\u{1}0", "\u{1}1")
            return Set(["\u{1}0", "\u{1}1"].filter(filled.contains))
        }
        for key in ReportText.allCases {
            #expect(words.has(key), "\(language) has no '\(key)'")
            #expect(slots(key, words) == slots(key, english), "\(language) '\(key)' fills other values")
        }
        #expect(words(.sessionColumns).components(separatedBy: "|").count == 10)
    }

    @Test func theGermanParticipantViewIsGerman() {
        var row = SessionRow(study: "reaction-time", day: 1, session: 2)
        row.blocks = 2
        row.incomplete = 1
        let html = ParticipantSection(participant: "P", rows: [row], words: ReportWords(locale: "de-AT")).html
        #expect(html.contains("<h3>Signalqualität je Sitzung</h3>") && html.contains("<th>Beginn (UTC)</th>"))
        #expect(html.contains("<dt>Sitzungen mit EEG</dt><dd data-field=\"sessions-with-eeg\">1</dd>"), "\(html)")
        #expect(html.contains("(1 unvollständig)") && html.contains("zu kurz für ein Urteil"))
        for english in ["Signal quality", "Sessions with EEG", "incomplete", "too short"] { #expect(!html.contains(english), "\(english)") }
        #expect(HTMLPage(title: "t", body: "", language: "de").html.contains("<html lang=\"de\">"))
    }
}
