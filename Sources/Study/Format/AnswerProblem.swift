/// Why an answer was not accepted: what was expected instead.
package struct AnswerProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// Completes "expected …".
    package var expected: String

    /// Creates a problem.
    package init(_ expected: String) { self.expected = expected }

    /// "expected …".
    package var description: String { "expected \(expected)" }
}
