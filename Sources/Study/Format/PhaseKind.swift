/// What a phase shows: an instruction, a fixation cross, a pause, or an interactive task.
package enum PhaseKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// An instruction shown (and spoken); usually `untilSpoken` or `untilAcknowledged`.
    case prompt
    /// A fixation cross; the EEG of interest is usually recorded here.
    case fixation
    /// A rest between trials, usually with jitter.
    case pause
    /// An interactive task the runner executes (see ``TaskSpec``).
    case task
}
