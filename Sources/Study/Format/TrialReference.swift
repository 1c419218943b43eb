/// A trial type used in a block, `count` times.
package struct TrialReference: Sendable, Hashable, Codable {
    /// The name of a trial type in ``StudyDefinition/trialTypes``.
    package var type: String
    /// How many trials of this type the block holds.
    package var count: Int

    /// Creates a reference.
    package init(type: String, count: Int = 1) {
        self.type = type
        self.count = count
    }
}
