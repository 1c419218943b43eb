/// One finding about a study file: its severity, the file, line and column, the JSON path of the
/// offending value (or of the missing key) and what is said about it.
///
/// Printed the way compilers do, so editors can jump to it: an error as
/// `file:line:column: $.path: expected …`, a warning as `file:line:column: $.path: warning: …`.
/// Errors make a study invalid; warnings (looked for only in an otherwise valid study: a translation
/// missing for a listed locale, a definition nothing refers to) never change the exit status.
///
/// In JSON (`validate --json`) an error's message is the `expected` key and a warning's the
/// `message` key; the severity is given by the list holding the diagnostic (`errors` / `warnings`).
package struct StudyDiagnostic: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    /// Whether the finding makes the study invalid.
    package enum Severity: String, Sendable, Hashable, Codable {
        /// A mistake: the study is not valid.
        case error
        /// Probably unintended, but the study is valid.
        case warning
    }

    /// Error or warning.
    package var severity: Severity
    /// The file, as given to the validator (e.g. `Studies/mynd-example/study.json`).
    package var file: String
    /// The line, from 1.
    package var line: Int
    /// The column, from 1, in characters.
    package var column: Int
    /// The JSON path of the offending value (or of the missing key).
    package var path: String
    /// For an error, what was expected instead, completing the sentence "expected …"; for a warning,
    /// what is probably wrong.
    package var message: String

    /// Creates a diagnostic.
    package init(_ severity: Severity, file: String, position: SourcePosition, path: JSONPath, message: String) {
        self.severity = severity
        self.file = file
        self.line = position.line
        self.column = position.column
        self.path = path.description
        self.message = message
    }

    /// `file:line:column: $.path: expected …` or `file:line:column: $.path: warning: …`.
    package var description: String {
        switch severity {
        case .error: "\(file):\(line):\(column): \(path): expected \(message)"
        case .warning: "\(file):\(line):\(column): \(path): warning: \(message)"
        }
    }

    private enum CodingKeys: String, CodingKey { case file, line, column, path, expected, message }

    /// Decodes a diagnostic: an `expected` key makes an error, a `message` key a warning.
    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        file = try c.decode(String.self, forKey: .file)
        line = try c.decode(Int.self, forKey: .line)
        column = try c.decode(Int.self, forKey: .column)
        path = try c.decode(String.self, forKey: .path)
        if let expected = try c.decodeIfPresent(String.self, forKey: .expected) {
            severity = .error
            message = expected
        } else {
            severity = .warning
            message = try c.decode(String.self, forKey: .message)
        }
    }

    /// Encodes `{file, line, column, path, expected}` for an error, `{file, line, column, path, message}`
    /// for a warning (the `validate --json` shapes).
    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(file, forKey: .file)
        try c.encode(line, forKey: .line)
        try c.encode(column, forKey: .column)
        try c.encode(path, forKey: .path)
        try c.encode(message, forKey: severity == .error ? .expected : .message)
    }
}
