/// One paragraph of a typeset document: its text in a style, optionally led by a label set in bold
/// ("Signature: " before the name). The typesetter wraps it to the page's width and breaks it across
/// pages line by line.
struct TextBlock: Sendable, Equatable {
    /// The label set in bold before ``text``, with its own separator (e.g. `"Signature: "`), if any.
    var label: String?
    /// The paragraph's text; `\n` starts a new line, an empty line leaves a blank line.
    var text: String
    /// How it is set.
    var style: TextStyle

    /// A paragraph of `text` in `style`, led by `label` if given.
    init(_ text: String, style: TextStyle, label: String? = nil) {
        self.label = label
        self.text = text
        self.style = style
    }

    /// The text as set: the label, then the text.
    var shown: String { (label ?? "") + text }
}
