/// One member of a JSON object.
public struct JSONMember: Sendable, Hashable {
    /// The key.
    public var key: String
    /// Where the key starts.
    public var keyPosition: SourcePosition
    /// The value.
    public var value: JSONNode

    /// Creates a member.
    public init(key: String, keyPosition: SourcePosition, value: JSONNode) {
        self.key = key
        self.keyPosition = keyPosition
        self.value = value
    }
}
