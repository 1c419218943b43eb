/// Why an answer was not accepted: what was expected instead.
public struct AnswerProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// Completes "expected …".
    public var expected: String

    /// Creates a problem.
    public init(_ expected: String) { self.expected = expected }

    /// "expected …".
    public var description: String { "expected \(expected)" }
}
