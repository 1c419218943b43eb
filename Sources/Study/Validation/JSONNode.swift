/// A parsed JSON value that remembers where it starts in the file, so every validation error can
/// name a line and column (Foundation's decoders give no positions).
package struct JSONNode: Sendable, Hashable {
    /// The value.
    package var value: JSONValue
    /// Where the value starts.
    package var position: SourcePosition

    /// Creates a node.
    package init(_ value: JSONValue, at position: SourcePosition) {
        self.value = value
        self.position = position
    }

    /// The member named `key`, if this is an object that has it.
    package subscript(key: String) -> JSONNode? {
        if case .object(let members) = value { return members.first { $0.key == key }?.value }
        return nil
    }

    /// The node at `path` below this one.
    package func node(at path: JSONPath) -> JSONNode? {
        var node = self
        for component in path.components {
            switch (component, node.value) {
            case (.key(let key), .object):
                guard let next = node[key] else { return nil }
                node = next
            case (.index(let index), .array(let elements)) where elements.indices.contains(index):
                node = elements[index]
            default: return nil
            }
        }
        return node
    }
}
