/// A JSON text that is not well-formed: where, inside which value, and what was expected there.
package struct JSONSyntaxError: Error, Sendable, Hashable {
    /// Where the problem was found.
    package var position: SourcePosition
    /// The value being parsed when it was found.
    package var path: JSONPath
    /// What the parser expected, e.g. "',' or '}' after an object member".
    package var expected: String

    /// Creates a syntax error.
    package init(position: SourcePosition, path: JSONPath, expected: String) {
        self.position = position
        self.path = path
        self.expected = expected
    }
}
