/// How a paragraph is set: its font size and weight, the space around it, and whether it stays on the
/// page of the paragraph after it (a heading never ends a page alone).
struct TextStyle: Sendable, Equatable {
    /// The font size in points.
    var size: Double
    /// Whether the whole paragraph is bold.
    var bold = false
    /// Space above the paragraph in points (dropped at the top of a page).
    var spaceBefore: Double = 0
    /// Space below the paragraph in points.
    var spaceAfter: Double = 0
    /// Whether the paragraph moves to the next page when the first line of the next paragraph would
    /// not fit below it.
    var keepWithNext = false
    /// Whether the lines are centred (else set flush left, ragged right).
    var centred = false

    /// The document's title (the study's title).
    static let title = TextStyle(size: 18, bold: true, spaceAfter: 4, keepWithNext: true)
    /// The line under the title (study identifier and version).
    static let subtitle = TextStyle(size: 9.5, spaceAfter: 14, keepWithNext: true)
    /// A section heading (the consent's title).
    static let heading = TextStyle(size: 14, bold: true, spaceBefore: 6, spaceAfter: 8, keepWithNext: true)
    /// A sub-heading (a consent page's title, "Agreement").
    static let subheading = TextStyle(size: 11.5, bold: true, spaceBefore: 10, spaceAfter: 4, keepWithNext: true)
    /// Running text.
    static let body = TextStyle(size: 10.5, spaceAfter: 4)
    /// A labelled value of the signature block ("Signature: …"); the block stays together where it can.
    static let field = TextStyle(size: 10.5, spaceBefore: 2, spaceAfter: 2, keepWithNext: true)
    /// The signature block's first line, set apart from the agreement above it.
    static let firstField = TextStyle(size: 10.5, spaceBefore: 12, spaceAfter: 2, keepWithNext: true)
    /// The footer with the page number.
    static let footer = TextStyle(size: 8.5, centred: true)
}
