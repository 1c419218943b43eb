/// How a reaction-time trial ended.
package enum ReactionTimeOutcome: String, Sendable, Hashable, Codable {
    /// The response key, no sooner than the anticipation bound and within the response window after
    /// the stimulus: the only outcome whose latency counts for the score.
    case correct
    /// A key before the stimulus, or one sooner after it than the task's anticipation bound (too
    /// fast to be a reaction to it). Flagged; the trial still ends at its planned time.
    case anticipation
    /// Another key than the response key, within the response window after the stimulus.
    case wrongKey
    /// No key within the response window after the stimulus.
    case miss
}
