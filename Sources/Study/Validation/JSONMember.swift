/// One member of a JSON object.
package struct JSONMember: Sendable, Hashable {
    /// The key.
    package var key: String
    /// Where the key starts.
    package var keyPosition: SourcePosition
    /// The value.
    package var value: JSONNode

    /// Creates a member.
    package init(key: String, keyPosition: SourcePosition, value: JSONNode) {
        self.key = key
        self.keyPosition = keyPosition
        self.value = value
    }
}
