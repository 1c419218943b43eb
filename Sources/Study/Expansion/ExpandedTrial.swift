/// One concrete trial of a block.
package struct ExpandedTrial: Sendable, Hashable, Codable {
    /// The trial's index within its block, from 0.
    package var index: Int
    /// The trial type's name.
    package var type: String
    /// The trial type's base marker.
    package var marker: Int32
    /// The phases with random parts drawn.
    package var phases: [ExpandedPhase]
    /// Placeholder values drawn for this trial (e.g. `subtractFrom`), to pass when rendering texts.
    package var values: [String: String]

    /// Creates a trial.
    package init(index: Int, type: String, marker: Int32, phases: [ExpandedPhase], values: [String: String]) {
        self.index = index
        self.type = type
        self.marker = marker
        self.phases = phases
        self.values = values
    }
}
