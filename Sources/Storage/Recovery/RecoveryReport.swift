/// What ``Recovery/run(store:)`` found and did.
public struct RecoveryReport: Sendable, Equatable {
    /// Recordings rebuilt from their crash journals (stored as incomplete).
    public var rebuilt: [CatalogItem] = []
    /// Finished files whose catalog entry was still `writing` (the process died after closing the
    /// file); now pending.
    public var completed: [CatalogItem] = []
    /// Files found on disk without a catalog entry, now catalogued.
    public var adopted: [CatalogItem] = []
    /// Recordings skipped because another process is still writing them.
    public var inProgress: [String] = []
    /// Problems that need a person (one line each).
    public var problems: [String] = []
    /// Files moved aside because nothing can be made of them (a damaged or empty journal, a `.h5`
    /// that is not a readable recording), one line each: they are renamed to `<name>.damaged`, so
    /// later runs neither retry nor report them.
    public var quarantined: [String] = []

    /// Pending items whose file had another size than the catalog held and was verified as readable,
    /// one line each: the catalog now holds the file's size and checksum, so the upload sends it.
    public var healed: [String] = []

    /// Whether nothing needed doing.
    public var isEmpty: Bool {
        rebuilt.isEmpty && completed.isEmpty && adopted.isEmpty && problems.isEmpty && quarantined.isEmpty && healed.isEmpty
    }
}
