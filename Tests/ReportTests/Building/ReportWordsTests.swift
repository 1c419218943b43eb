import Foundation
import Storage
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
        #expect(words.columns(.channelColumns).count == 4 && words.columns(.trialsColumns).count == 4 && words.columns(.eventsColumns).count == 4)
    }

    /// German writes a decimal comma and dates as day.month.year; English keeps the report's formats;
    /// a stored end reason is translated by its phrase, any other one shown as stored.
    @Test func germanNumbersDatesAndEndReasons() {
        let german = ReportWords(locale: "de"), english = ReportWords.englishWords
        #expect(german.number(12.5) == "12,5" && german.duration(12.5) == "12,5 s" && german.duration(3723) == "1 h 02 min 03 s")
        #expect(english.number(12.5) == "12.5" && english.duration(12.5) == "12.5 s")
        #expect(german.time(1_795_000_000) == "18.11.2026 11:06:40" && english.time(1_795_000_000) == "2026-11-18T11:06:40Z")
        #expect(german.number(.nan) == "–" && german.time(.infinity) == "–")
        #expect(german.endReason(EndReason.participant) == "du hast abgebrochen" && german.endReason("disk full") == "disk full")
        #expect(english.endReason(EndReason.deviceDisconnected) == "device disconnected")
        #expect(german.outcome(.wrongKey) == "falsche Taste" && english.outcome(.wrongKey) == "wrongKey")
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
