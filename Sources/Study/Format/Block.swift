/// One run of a recording session, stored as one file: opening trials, the main trials (shuffled if
/// asked), closing trials. The reference's blocks are `[welcome] + shuffle(A + B) + [goodbye]`.
package struct Block: Sendable, Hashable, Codable {
    /// How many identical blocks this entry stands for (each is its own run and file).
    package var repeatCount: Int
    /// Trial types run first, in order, never shuffled (e.g. `welcome`).
    package var intro: [String]
    /// The main trials.
    package var trials: [TrialReference]
    /// Whether the main trials are shuffled (seeded; see `SessionExpander`).
    package var shuffle: Bool
    /// Trial types run last, in order (e.g. `goodbye`).
    package var outro: [String]

    /// Creates a block.
    package init(
        repeatCount: Int = 1, intro: [String] = [], trials: [TrialReference], shuffle: Bool = false,
        outro: [String] = []
    ) {
        self.repeatCount = repeatCount
        self.intro = intro
        self.trials = trials
        self.shuffle = shuffle
        self.outro = outro
    }

    /// The number of trials in one block.
    package var trialCount: Int { intro.count + trials.reduce(0) { $0 + $1.count } + outro.count }
}
