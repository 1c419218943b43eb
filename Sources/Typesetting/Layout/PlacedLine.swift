/// A wrapped line given its place: which paragraph and line it is, the page it is on (from 0), and
/// where its baseline starts on that page, in points from the page's top left corner.
struct PlacedLine: Sendable, Equatable {
    /// The paragraph's index.
    var block: Int
    /// The line's index within its paragraph.
    var line: Int
    /// The page, from 0.
    var page: Int
    /// The baseline's start, from the page's left edge.
    var x: Double
    /// The baseline, from the page's top edge.
    var baseline: Double
}
