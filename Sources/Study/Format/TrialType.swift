/// A named kind of trial (e.g. `eyesClosed`, `mentalSubtraction`): a base marker and its phases.
/// Blocks refer to trial types by name, so each is written once.
package struct TrialType: Sendable, Hashable, Codable {
    /// The trial's base marker `m` (300, 400, 900 in the reference); phases use m+0…m+30.
    package var marker: Int32
    /// The phases in order.
    package var phases: [Phase]
    /// Values drawn per trial and offered as placeholders in its texts (e.g. the numbers of
    /// mental subtraction), or `nil`.
    package var generator: TrialGenerator?

    /// Creates a trial type.
    package init(marker: Int32, phases: [Phase], generator: TrialGenerator? = nil) {
        self.marker = marker
        self.phases = phases
        self.generator = generator
    }

    /// The planned duration in seconds, counting only fixed durations (without jitter).
    package var plannedSeconds: Double {
        phases.reduce(0) { $0 + ($1.duration.seconds ?? 0) }
    }
}
