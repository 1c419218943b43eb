/// The bounds `collect` holds a server to. The server is written to by every participant's upload
/// account, so what it lists and sends is treated as input from strangers: no answer may fill the
/// experimenter's disk or memory, or hold a run forever. Every default is documented in
/// docs/operations.md ("Collecting from a server you do not control").
package struct CollectionLimits: Sendable, Equatable {
    /// The most bytes one folder's listing (a PROPFIND answer) may have: 32 MiB, about 60,000
    /// entries as Apache writes them. A longer answer is cut off there and the folder not used.
    package var listingBytes = 32 << 20
    /// The most entries one folder's listing may have.
    package var listingEntries = 50_000
    /// The longest one folder's listing may take in all, in seconds (besides the connection's
    /// low-speed limit, which a server trickling just above it passes).
    package var listingSeconds: Double = 300
    /// The longest the listing of the whole study may take, in seconds; folders not listed by then
    /// are deferred to the next run.
    package var listingDeadline: Double = 1800
    /// The most bytes a manifest may have (the recorder's are under 1 KiB).
    package var manifestBytes: Int64 = 64 << 10
    /// The most bytes one item may have, whatever its manifest says: 4 GiB (an hour of the Athena's
    /// richest preset is well under 1 GiB). A download stops at the manifest's size in any case.
    package var itemBytes: Int64 = 4 << 30
    /// How long a file without a manifest is waited for before it counts as an interrupted upload's
    /// leftover, in seconds: 7 days (a manifest follows its item within one upload run).
    package var leftoverAge: Double = 7 * 24 * 3600
    /// How many requests in a row may fail to reach the server before the run stops trying the rest
    /// (each deferred to the next run) and ends with what it has.
    package var failuresInARow = 3

    /// The defaults.
    package init() {}
}
