/// A task with its per-trial random values drawn.
public struct ExpandedTask: Sendable, Hashable, Codable {
    /// The task definition.
    public var reactionTime: ReactionTimeTask
    /// The drawn foreperiod in seconds (uniform on the task's range).
    public var foreperiod: Double

    /// Creates an expanded task.
    public init(reactionTime: ReactionTimeTask, foreperiod: Double) {
        self.reactionTime = reactionTime
        self.foreperiod = foreperiod
    }
}
