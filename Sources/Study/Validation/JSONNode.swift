/// A parsed JSON value that remembers where it starts in the file, so every validation error can
/// name a line and column (Foundation's decoders give no positions).
public struct JSONNode: Sendable, Hashable {
    /// The value.
    public var value: JSONValue
    /// Where the value starts.
    public var position: SourcePosition

    /// Creates a node.
    public init(_ value: JSONValue, at position: SourcePosition) {
        self.value = value
        self.position = position
    }

    /// The member named `key`, if this is an object that has it.
    public subscript(key: String) -> JSONNode? {
        if case .object(let members) = value { return members.first { $0.key == key }?.value }
        return nil
    }

    /// The node at `path` below this one.
    public func node(at path: JSONPath) -> JSONNode? {
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

/// A JSON value whose children are positioned nodes.
public enum JSONValue: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, with the literal as written (to tell `3` from `3.0` and to catch huge integers).
    case number(Double, literal: String)
    /// A string.
    case string(String)
    /// An array.
    indirect case array([JSONNode])
    /// An object, members in file order (duplicates are rejected by the parser).
    indirect case object([JSONMember])

    /// A word for the kind of value, for error messages ("a string", "an object").
    public var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

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
