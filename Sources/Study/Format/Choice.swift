/// One answer option of a choice item.
public struct Choice: Sendable, Hashable, Codable {
    /// The value stored as the answer; unique within the item.
    public var value: Int
    /// The label shown.
    public var text: LocalizedText

    /// Creates a choice.
    public init(value: Int, text: LocalizedText) {
        self.value = value
        self.text = text
    }
}
