/// What a ``ScriptedInterface`` participant does in one reaction-time trial, exactly: for tests that
/// check the task's rules (a given latency, an anticipation, a wrong key, a miss) on a manual clock.
package enum ScriptedReaction: Sendable, Hashable {
    /// Presses `key` `seconds` of study time after the stimulus appears (divided by the run's speed
    /// on the clock, as drawn reactions are); a negative offset presses that long before the
    /// stimulus is due (an anticipation; at the foreperiod's start at the earliest). A press after the
    /// response window is none: a miss.
    case press(String, at: Double)
    /// Presses no key: a miss.
    case noKey
}
