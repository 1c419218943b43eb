/// A JSON value whose children are positioned nodes.
package enum JSONValue: Sendable, Hashable {
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
    package var kindDescription: String {
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
