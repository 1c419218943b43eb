/// A phase with its random parts drawn: the concrete duration (jitter applied) and, for tasks, the
/// concrete parameters (the foreperiod).
package struct ExpandedPhase: Sendable, Hashable, Codable {
    /// The phase as defined.
    package var kind: PhaseKind
    /// The text, unrendered (render with ``StudyDefinition/render(_:locale:values:)`` and the
    /// trial's ``ExpandedTrial/values``).
    package var text: LocalizedText?
    /// The concrete duration: seconds after jitter, or the open-ended kinds.
    package var duration: PhaseDuration
    /// The marker written at onset.
    package var marker: Int32
    /// The concrete task, for `task` phases.
    package var task: ExpandedTask?

    /// Creates an expanded phase.
    package init(kind: PhaseKind, text: LocalizedText?, duration: PhaseDuration, marker: Int32, task: ExpandedTask? = nil) {
        self.kind = kind
        self.text = text
        self.duration = duration
        self.marker = marker
        self.task = task
    }
}
