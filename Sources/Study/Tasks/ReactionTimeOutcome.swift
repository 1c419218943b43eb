/// How a reaction-time trial ended.
public enum ReactionTimeOutcome: String, Sendable, Hashable, Codable {
    /// A key within the response window after the stimulus.
    case correct
    /// A key before the stimulus (flagged; the trial still ends at its planned time).
    case anticipation
    /// No key, or a key after the response window.
    case miss
}
