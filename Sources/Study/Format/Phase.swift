/// The smallest step of a recording: something shown for a while, with a marker at its onset.
package struct Phase: Sendable, Hashable, Codable {
    /// What the phase shows.
    package var kind: PhaseKind
    /// The text shown (and spoken, for prompts); may contain placeholders such as `#getReady#`.
    package var text: LocalizedText?
    /// How long the phase lasts.
    package var duration: PhaseDuration
    /// A uniform random variation of a fixed duration, in seconds: the phase lasts
    /// `duration ± jitter` (the reference meant ±1 s for pauses but drew 0..1).
    package var jitter: Double
    /// The marker code written at the phase onset.
    package var marker: Int32
    /// The task executed during a `task` phase.
    package var task: TaskSpec?

    /// Creates a phase.
    package init(
        kind: PhaseKind, text: LocalizedText? = nil, duration: PhaseDuration, jitter: Double = 0, marker: Int32,
        task: TaskSpec? = nil
    ) {
        self.kind = kind
        self.text = text
        self.duration = duration
        self.jitter = jitter
        self.marker = marker
        self.task = task
    }
}
