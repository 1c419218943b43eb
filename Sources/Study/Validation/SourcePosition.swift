/// A place in a text file: 1-based line and column (columns count characters, not bytes).
package struct SourcePosition: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    /// The line, from 1.
    package var line: Int
    /// The column, from 1.
    package var column: Int

    /// Creates a position.
    package init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// Orders by line, then column.
    package static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    /// `line:column`.
    package var description: String { "\(line):\(column)" }
}
