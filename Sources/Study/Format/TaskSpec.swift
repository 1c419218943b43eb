/// An interactive task run inside a `task` phase. There is one kind so far, the simple reaction-time
/// task; new kinds become new cases.
package enum TaskSpec: Sendable, Hashable, Codable {
    /// After a random foreperiod a stimulus appears and the participant presses a key.
    case reactionTime(ReactionTimeTask)

    /// The reaction-time parameters, if this is that task.
    package var reactionTime: ReactionTimeTask? {
        if case .reactionTime(let task) = self { return task }
        return nil
    }
}
