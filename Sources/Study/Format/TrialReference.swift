/// A trial type used in a block, `count` times.
public struct TrialReference: Sendable, Hashable, Codable {
    /// The name of a trial type in ``StudyDefinition/trialTypes``.
    public var type: String
    /// How many trials of this type the block holds.
    public var count: Int

    /// Creates a reference.
    public init(type: String, count: Int = 1) {
        self.type = type
        self.count = count
    }
}
