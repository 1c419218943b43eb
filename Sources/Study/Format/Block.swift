/// One run of a recording session, stored as one file: opening trials, the main trials (shuffled if
/// asked), closing trials. The reference's blocks are `[welcome] + shuffle(A + B) + [goodbye]`.
public struct Block: Sendable, Hashable, Codable {
    /// How many identical blocks this entry stands for (each is its own run and file).
    public var repeatCount: Int
    /// Trial types run first, in order, never shuffled (e.g. `welcome`).
    public var intro: [String]
    /// The main trials.
    public var trials: [TrialReference]
    /// Whether the main trials are shuffled (seeded; see `SessionExpander`).
    public var shuffle: Bool
    /// Trial types run last, in order (e.g. `goodbye`).
    public var outro: [String]

    /// Creates a block.
    public init(
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
    public var trialCount: Int { intro.count + trials.reduce(0) { $0 + $1.count } + outro.count }
}
