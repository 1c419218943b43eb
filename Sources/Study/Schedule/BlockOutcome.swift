/// Whether a stored run finished.
public enum BlockOutcome: String, Sendable, Hashable, Codable {
    /// It ran to its end; the protocol advances past it.
    case complete
    /// It ended early and was stored marked incomplete; the next run repeats this block.
    case incomplete
}
