/// One answer option of a choice item.
package struct Choice: Sendable, Hashable, Codable {
    /// The value stored as the answer; unique within the item.
    package var value: Int
    /// The label shown.
    package var text: LocalizedText
    /// In a multiple-choice question, whether this option is an answer on its own ("none of
    /// these"): picked together with another it is refused, so `[1, 0]` is never stored. `nil`
    /// (absent in the study file) is not exclusive.
    package var exclusive: Bool?

    /// Creates a choice.
    package init(value: Int, text: LocalizedText, exclusive: Bool? = nil) {
        self.value = value
        self.text = text
        self.exclusive = exclusive
    }
}
