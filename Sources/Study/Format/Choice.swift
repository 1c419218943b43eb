/// One answer option of a choice item.
public struct Choice: Sendable, Hashable, Codable {
    /// The value stored as the answer; unique within the item.
    public var value: Int
    /// The label shown.
    public var text: LocalizedText
    /// In a multiple-choice question, whether this option is an answer on its own ("none of
    /// these"): picked together with another it is refused, so `[1, 0]` is never stored. `nil`
    /// (absent in the study file) is not exclusive.
    public var exclusive: Bool?

    /// Creates a choice.
    public init(value: Int, text: LocalizedText, exclusive: Bool? = nil) {
        self.value = value
        self.text = text
        self.exclusive = exclusive
    }
}
