/// A phase with its random parts drawn: the concrete duration (jitter applied) and, for tasks, the
/// concrete parameters (the foreperiod).
public struct ExpandedPhase: Sendable, Hashable, Codable {
    /// The phase as defined.
    public var kind: PhaseKind
    /// The text, unrendered (render with ``StudyDefinition/render(_:locale:values:)`` and the
    /// trial's ``ExpandedTrial/values``).
    public var text: LocalizedText?
    /// The concrete duration: seconds after jitter, or the open-ended kinds.
    public var duration: PhaseDuration
    /// The marker written at onset.
    public var marker: Int32
    /// The concrete task, for `task` phases.
    public var task: ExpandedTask?

    /// Creates an expanded phase.
    public init(kind: PhaseKind, text: LocalizedText?, duration: PhaseDuration, marker: Int32, task: ExpandedTask? = nil) {
        self.kind = kind
        self.text = text
        self.duration = duration
        self.marker = marker
        self.task = task
    }
}
