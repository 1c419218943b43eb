import DataSources

/// One hardware-preparation instruction (the reference's `Steps_<lang>.json` entries): shown until
/// its device signal holds, optionally with the live signal-quality view.
package struct PreparationStep: Sendable, Hashable, Codable {
    /// A name unique within its preparation, for logs and the progress file.
    package var id: String
    /// The instruction text.
    package var instruction: LocalizedText
    /// A shorter text for participants who chose short instructions.
    package var short: LocalizedText?
    /// The device or signal condition that unlocks the next step, or `nil` for a plain instruction.
    package var waitFor: PreparationGate?
    /// The live quality view shown during the step, or `nil`.
    package var quality: QualityView?
    /// Seconds after which the step relaxes its quality threshold (or, without a quality view,
    /// shows that it timed out), or `nil` for no timeout.
    package var timeout: Double?
    /// Spoken when the signal is met (e.g. "Headset connected").
    package var announce: LocalizedText?

    /// Creates a step.
    package init(
        id: String, instruction: LocalizedText, short: LocalizedText? = nil, waitFor: PreparationGate? = nil,
        quality: QualityView? = nil, timeout: Double? = nil, announce: LocalizedText? = nil
    ) {
        self.id = id
        self.instruction = instruction
        self.short = short
        self.waitFor = waitFor
        self.quality = quality
        self.timeout = timeout
        self.announce = announce
    }
}
