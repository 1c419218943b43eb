/// The size of a page and the margins of its text, in PostScript points (1/72 inch).
struct PageGeometry: Sendable, Equatable {
    /// The page's width.
    var width: Double
    /// The page's height.
    var height: Double
    /// The margin left and right of the text.
    var sideMargin: Double
    /// The margin above the text.
    var topMargin: Double
    /// The margin below the text; the footer sits inside it.
    var bottomMargin: Double

    /// ISO A4 (210 × 297 mm) with 25 mm at the sides, 22 mm at the top and 25 mm at the bottom.
    static let a4 = PageGeometry(
        width: 210 * millimetre, height: 297 * millimetre, sideMargin: 25 * millimetre, topMargin: 22 * millimetre,
        bottomMargin: 25 * millimetre)

    /// One millimetre in points.
    static let millimetre = 72 / 25.4

    /// The width the text is wrapped to.
    var textWidth: Double { width - 2 * sideMargin }
    /// Where the text area ends, from the top of the page.
    var textBottom: Double { height - bottomMargin }
    /// Where the footer's baseline sits, from the top of the page (in the middle of the bottom margin).
    var footerBaseline: Double { height - bottomMargin / 2 }
}
