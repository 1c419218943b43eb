/// One concrete trial of a block.
public struct ExpandedTrial: Sendable, Hashable, Codable {
    /// The trial's index within its block, from 0.
    public var index: Int
    /// The trial type's name.
    public var type: String
    /// The trial type's base marker.
    public var marker: Int32
    /// The phases with random parts drawn.
    public var phases: [ExpandedPhase]
    /// Placeholder values drawn for this trial (e.g. `subtractFrom`), to pass when rendering texts.
    public var values: [String: String]

    /// Creates a trial.
    public init(index: Int, type: String, marker: Int32, phases: [ExpandedPhase], values: [String: String]) {
        self.index = index
        self.type = type
        self.marker = marker
        self.phases = phases
        self.values = values
    }
}
