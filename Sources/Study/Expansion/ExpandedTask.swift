/// A task with its per-trial random values drawn.
package struct ExpandedTask: Sendable, Hashable, Codable {
    /// The task definition.
    package var reactionTime: ReactionTimeTask
    /// The drawn foreperiod in seconds (uniform on the task's range).
    package var foreperiod: Double

    /// Creates an expanded task.
    package init(reactionTime: ReactionTimeTask, foreperiod: Double) {
        self.reactionTime = reactionTime
        self.foreperiod = foreperiod
    }
}
