/// The colours of the report's charts: one per channel or band (colour-blind-safe Okabe–Ito order),
/// and fixed ones for quality grades, events and gaps.
enum ChartPalette {
    /// Series colours in order.
    static let series = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#6B6B6B", "#A6761D"]
    /// The colour of series `i`.
    static func color(_ i: Int) -> String { series[i % series.count] }
    /// Quality grades: good, medium, bad, not judged.
    static let good = "#2e9d5b", medium = "#e0a21b", bad = "#d0473d", none = "#c9ced6"
    /// Study markers and software events.
    static let marker = "#2f6fb3", software = "#8a6fb3"
    /// Lost samples.
    static let gap = "#d0473d"

    /// The legend under a chart: one swatch per named colour (names escaped here).
    static func legend(_ items: [(name: String, color: String)]) -> String {
        "<div class=\"legend\">" + items.map { "<span><i style=\"background:\($0.color)\"></i>\(HTML.escape($0.name))</span>" }.joined() + "</div>"
    }
}
