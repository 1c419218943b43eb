/// Places the wrapped lines of a document's paragraphs on pages, top to bottom: a paragraph that does
/// not fit continues on the next page line by line, space above a paragraph is dropped at the top of a
/// page, and a paragraph that keeps with the next (a heading) moves to the next page when the next
/// paragraph's first line would not fit below it. Pure arithmetic on measured lines, so the breaking
/// is the same whatever draws them.
struct PageBreaker: Sendable {
    /// The page and its text area.
    var page: PageGeometry

    /// The place of every line of `blocks`, whose wrapped lines are `lines` (one array per block, in
    /// the same order), and the number of pages (at least 1).
    func place(_ blocks: [TextBlock], lines: [[LineMetrics]]) -> (lines: [PlacedLine], pages: Int) {
        var placed: [PlacedLine] = []
        var pageIndex = 0
        var y = page.topMargin
        func atTop() -> Bool { y <= page.topMargin }
        func newPage() {
            pageIndex += 1
            y = page.topMargin
        }
        for (index, block) in blocks.enumerated() {
            let style = block.style
            let measured = lines[index]
            if !atTop() { y += style.spaceBefore }
            if style.keepWithNext, !atTop() {
                var needed = measured.reduce(0) { $0 + $1.height }
                if index + 1 < blocks.count, let next = lines[index + 1].first {
                    needed += style.spaceAfter + blocks[index + 1].style.spaceBefore + next.height
                }
                if y + needed > page.textBottom { newPage() }
            }
            for (number, line) in measured.enumerated() {
                if y + line.height > page.textBottom, !atTop() { newPage() }
                placed.append(PlacedLine(block: index, line: number, page: pageIndex, x: page.sideMargin + line.x, baseline: y + line.baseline))
                y += line.height
            }
            y += style.spaceAfter
        }
        return (placed, pageIndex + 1)
    }
}
