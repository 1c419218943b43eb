/// One concrete block: the runner records it as one file.
package struct ExpandedBlock: Sendable, Hashable, Codable {
    /// The block index within the session (repeats unrolled), from 0.
    package var index: Int
    /// The seed its random draws came from (stored with the recording for reproducibility).
    package var seed: UInt64
    /// The trials in the order they run.
    package var trials: [ExpandedTrial]

    /// Creates a block.
    package init(index: Int, seed: UInt64, trials: [ExpandedTrial]) {
        self.index = index
        self.seed = seed
        self.trials = trials
    }

    /// The sum of the fixed phase durations, in seconds.
    package var fixedSeconds: Double {
        trials.reduce(0) { $0 + $1.phases.reduce(0) { $0 + ($1.duration.seconds ?? 0) } }
    }
}
