import Testing

@testable import Study

/// An interruption reason is stored in English (the bytes of a recording do not depend on the
/// locale) and said in the participant's language.
struct RuntimeStringsReasonTests {
    @Test func knownReasonsAreSaidInGerman() {
        let german = RuntimeStrings(locale: "de")
        #expect(german.reason(InterruptionReason.participant) == "du hast abgebrochen")
        #expect(german.reason(InterruptionReason.batteryLow) == "der Akku ist fast leer")
        #expect(german.reason(InterruptionReason.deviceDisconnected) == "die Verbindung zum Gerät ist abgerissen")
        #expect(RuntimeStrings(locale: "en").reason(InterruptionReason.participant) == "interrupted by the participant")
        // The English words are the stored ones.
        #expect(InterruptionReason.keys.allSatisfy { RuntimeStrings(locale: "en")($0.value) == $0.key })
    }

    @Test func anUnknownReasonIsShownAsStored() {
        #expect(RuntimeStrings(locale: "de").reason("catalog unavailable") == "catalog unavailable")
    }

    @Test func anInterruptedRunSaysWhyInTheParticipantsLanguage() {
        let line = RunnerError.interrupted(InterruptionReason.participant).description(in: RuntimeStrings(locale: "de"))
        #expect(line.hasPrefix("unterbrochen (du hast abgebrochen);"), "\(line)")
    }

    @Test func quotesAreTheLanguagesOwn() {
        #expect(RuntimeStrings(locale: "de").quoted("nichts davon") == "„nichts davon“")
        #expect(RuntimeStrings(locale: "en").quoted("none of these") == "“none of these”")
    }
}
