/// One mistake in a study file: the file, line and column, the JSON path of the offending value and
/// what was expected there. Printed as `file:line:column: $.path: expected …`, the form compilers use,
/// so editors can jump to it.
public struct StudyValidationError: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    /// The file, as given to the validator (e.g. `Studies/mynd-example/study.json`).
    public var file: String
    /// The line, from 1.
    public var line: Int
    /// The column, from 1, in characters.
    public var column: Int
    /// The JSON path of the offending value (or of the missing key).
    public var path: String
    /// What was expected instead, completing the sentence "expected …".
    public var expected: String

    /// Creates an error.
    public init(file: String, position: SourcePosition, path: JSONPath, expected: String) {
        self.file = file
        self.line = position.line
        self.column = position.column
        self.path = path.description
        self.expected = expected
    }

    /// `file:line:column: $.path: expected …`.
    public var description: String { "\(file):\(line):\(column): \(path): expected \(expected)" }
}
