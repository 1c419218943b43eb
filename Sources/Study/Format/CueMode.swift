/// How the runner draws attention to a new phase.
public enum CueMode: String, Sendable, Hashable, Codable, CaseIterable {
    /// Texts are spoken (espeak-ng), as the reference does for every prompt.
    case speech
    /// A terminal bell sounds at each prompt.
    case bell
    /// No audible cue.
    case none
}
