import Testing

@testable import Typesetting

/// Where lines land: paragraphs continue on the next page line by line, space above a paragraph is
/// dropped at a page's top, and a heading never ends a page alone.
struct PageBreakerTests {
    /// A page with room for exactly ten 10-point lines.
    static let page = PageGeometry(width: 200, height: 140, sideMargin: 10, topMargin: 20, bottomMargin: 20)
    static func lines(_ count: Int) -> [LineMetrics] { Array(repeating: LineMetrics(x: 0, height: 10, baseline: 8), count: count) }
    static let plain = TextStyle(size: 10)

    @Test func aParagraphLongerThanAPageContinuesOnTheNext() {
        let (placed, pages) = PageBreaker(page: Self.page).place([TextBlock("long", style: Self.plain)], lines: [Self.lines(25)])
        #expect(pages == 3)
        #expect(placed.map(\.page) == Array(repeating: 0, count: 10) + Array(repeating: 1, count: 10) + Array(repeating: 2, count: 5))
        #expect(placed[10].baseline == 28 && placed[9].baseline == 118)
        #expect(placed.allSatisfy { $0.x == 10 })
    }

    @Test func aHeadingMovesToTheNextPageWithItsParagraph() {
        var heading = Self.plain
        heading.keepWithNext = true
        heading.spaceBefore = 5
        let blocks = [TextBlock("a", style: Self.plain), TextBlock("h", style: heading), TextBlock("b", style: Self.plain)]
        // Nine lines fill all but one line: the heading would fit, its paragraph's first line not.
        let (placed, pages) = PageBreaker(page: Self.page).place(blocks, lines: [Self.lines(9), Self.lines(1), Self.lines(2)])
        #expect(pages == 2)
        let headingLine = placed.first { $0.block == 1 }
        #expect(headingLine?.page == 1)
        // At the top of a page the space above the heading is dropped.
        #expect(headingLine?.baseline == 28)
    }

    @Test func anEmptyDocumentIsOnePage() {
        #expect(PageBreaker(page: Self.page).place([], lines: []).pages == 1)
    }
}
