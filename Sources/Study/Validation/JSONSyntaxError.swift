/// A JSON text that is not well-formed: where, inside which value, and what was expected there.
public struct JSONSyntaxError: Error, Sendable, Hashable {
    /// Where the problem was found.
    public var position: SourcePosition
    /// The value being parsed when it was found.
    public var path: JSONPath
    /// What the parser expected, e.g. "',' or '}' after an object member".
    public var expected: String

    /// Creates a syntax error.
    public init(position: SourcePosition, path: JSONPath, expected: String) {
        self.position = position
        self.path = path
        self.expected = expected
    }
}
