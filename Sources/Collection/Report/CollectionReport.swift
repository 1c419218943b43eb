public import Exports

/// What one `collect` run did, for the terminal and `--json`.
public struct CollectionReport: Sendable, Codable, Equatable {
    /// Items downloaded, verified and kept in this run (`<participant>/<item name>`).
    public var collected: [String] = []
    /// Items already collected and unchanged on the server (not downloaded again).
    public var unchanged = 0
    /// Items on the server without their manifest yet: still arriving, collected once it is there.
    public var waiting: [String] = []
    /// Consent records and PDFs: they hold the participant's name and stay sealed on the server
    /// (unless `--with-consent` asks for them).
    public var consentKeptSealed = 0
    /// Consent records and PDFs decrypted into the consent folder (`--with-consent`) in this run.
    public var consentDecrypted = 0
    /// Recordings added to the BIDS dataset in this run (their catalog ids).
    public var exported: [String] = []
    /// Bytes downloaded in this run.
    public var bytesDownloaded: Int64 = 0
    /// Recordings kept out of the dataset as demonstration data (a scripted participant, a simulated
    /// or replayed signal, as their provenance says), each with why; they stay in the mirror and are
    /// added by a run with `--include-simulated`.
    public var leftOut: [ExportSkip] = []
    /// What needs a person, this run's and the earlier runs' still unsolved.
    public var problems: [CollectionProblem] = []

    /// An empty report.
    public init() {}
}
