/// The measure of one wrapped line, in points: where it starts (its offset inside the text width, for
/// centred lines), how tall it is, and where its baseline lies below its top.
struct LineMetrics: Sendable, Equatable {
    /// The line's offset from the left edge of the text area.
    var x: Double
    /// The line's height (ascent, descent and line gap).
    var height: Double
    /// The baseline's distance below the line's top.
    var baseline: Double
}
