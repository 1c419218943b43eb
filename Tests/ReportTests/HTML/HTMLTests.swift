import Testing

@testable import Report

/// Escaping of text taken from files, and numbers that never print as `nan`.
struct HTMLTests {
    @Test func escapesMarkupQuotesAndControlCharacters() {
        #expect(HTML.escape("<a href=\"x\">'&'</a>\u{07}\u{9B}ok\n") == "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;ok\n")
        #expect(HTML.escape("Ünïcode ✓") == "Ünïcode ✓")
    }

    @Test func numbersAndCoordinatesAreNeverNaN() {
        #expect(HTML.number(.nan) == "–" && HTML.percent(.infinity) == "–" && HTML.coordinate(.nan) == "0")
        #expect(HTML.duration(3723) == "1 h 02 min 03 s" && HTML.duration(152) == "2 min 32 s" && HTML.duration(12.5) == "12.5 s")
    }
}
