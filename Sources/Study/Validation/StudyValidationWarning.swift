/// Something in a valid study that is probably unintended: a translation missing for a listed
/// locale (the default is shown instead), or a definition nothing refers to. Printed as
/// `file:line:column: $.path: warning: …`; never changes the exit status.
public struct StudyValidationWarning: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The file.
    public var file: String
    /// The line, from 1.
    public var line: Int
    /// The column, from 1.
    public var column: Int
    /// The JSON path.
    public var path: String
    /// What is probably wrong.
    public var message: String

    /// Creates a warning.
    public init(file: String, position: SourcePosition, path: JSONPath, message: String) {
        self.file = file
        self.line = position.line
        self.column = position.column
        self.path = path.description
        self.message = message
    }

    /// `file:line:column: $.path: warning: …`.
    public var description: String { "\(file):\(line):\(column): \(path): warning: \(message)" }
}
