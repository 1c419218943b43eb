import Testing

@testable import Study

/// Participant texts fit the terminal: lines break between words, never inside one, keep their
/// indentation, and a stored path breaks after a slash.
struct WordWrapTests {
    /// The words of `text` in order, whatever the line breaks.
    private static func words(_ text: String) -> [Substring] {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" })
    }

    @Test func aLongGermanSentenceBreaksBetweenWordsWithinTheWidth() {
        let text =
            "Setz das Muse-Stirnband auf, so dass die Sensoren auf der Stirn und hinter den Ohren gut anliegen, und schalte es ein, bevor du weitermachst."
        let wrapped = WordWrap.wrap(text, width: 80)
        let lines = wrapped.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { $0.count <= 80 })
        #expect(Self.words(wrapped) == Self.words(text), "a word was cut: \(wrapped)")
        #expect(wrapped.contains("Muse-Stirnband"))
    }

    @Test func shortLinesAndLineBreaksStayAsTheyAre() {
        #expect(WordWrap.wrap("kurz\n\nauch kurz", width: 80) == "kurz\n\nauch kurz")
        #expect(WordWrap.wrap("", width: 80) == "")
    }

    @Test func anIndentedHintAndANumberedChoiceContinueUnderTheirText() {
        let hint = WordWrap.wrap("  Gib eine Zahl von 0 bis 10 ein, oder drück Enter zum Überspringen.", width: 30)
        #expect(hint == "  Gib eine Zahl von 0 bis 10\n  ein, oder drück Enter zum\n  Überspringen.")
        let choice = WordWrap.wrap("  1) eine sehr lange Antwort", width: 16)
        #expect(choice == "  1) eine sehr\n     lange\n     Antwort")
    }

    @Test func aStoredPathBreaksAfterASlash() {
        let path = "  gespeichert: 0B2C9D3E-1F4A-4B6C-8D7E-9F0A1B2C3D4E/q_initial_1_1_1_0B2C9D3E-1F4A-4B6C-8D7E-9F0A1B2C3D4E.json"
        let lines = WordWrap.wrap(path, width: 80).split(separator: "\n")
        #expect(lines.allSatisfy { $0.count <= 80 }, "\(lines)")
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix("  gespeichert: 0B2C9D3E-") && lines[0].hasSuffix("/"), "\(lines)")
        #expect(lines.map { $0.trimmingPrefix("  ") }.joined(separator: " ").contains("q_initial_1_1_1_"))
    }
}
