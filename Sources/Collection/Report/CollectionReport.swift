public import Exports
public import Report

/// What one `collect` run did, for the terminal and `--json`.
package struct CollectionReport: Sendable, Codable, Equatable {
    /// Items downloaded, verified and kept in this run (`<participant>/<item name>`).
    package var collected: [String] = []
    /// Items already collected and unchanged on the server (not downloaded again).
    package var unchanged = 0
    /// Items on the server without their manifest yet: still arriving, collected once it is there.
    package var waiting: [String] = []
    /// Consent records and PDFs: they hold the participant's name and stay sealed on the server
    /// (unless `--with-consent` asks for them).
    package var consentKeptSealed = 0
    /// Consent records and PDFs decrypted into the consent folder (`--with-consent`) in this run.
    package var consentDecrypted = 0
    /// Recordings added to the BIDS dataset in this run (their catalog ids).
    package var exported: [String] = []
    /// Remote names of the recordings decoded again from their stored bytes before their export
    /// (``Collector/redecoder``, `collect --redecode`).
    package var redecoded: [String] = []
    /// Bytes downloaded in this run.
    package var bytesDownloaded: Int64 = 0
    /// Recordings kept out of the dataset as demonstration data (a scripted participant, a simulated
    /// or replayed signal, as their provenance says), each with why; they stay in the mirror and are
    /// added by a run with `--include-simulated`.
    package var leftOut: [ExportSkip] = []
    /// What needs a person, this run's and the earlier runs' still unsolved.
    package var problems: [CollectionProblem] = []
    /// What could not be fetched in this run for a reason that may pass (the server unreachable,
    /// stalled or failing): tried again by the next run (``CollectionProblem/Reason/transfer``).
    package var deferred: [CollectionProblem] = []
    /// Files without a manifest that will not get one: an interrupted upload's leftover (the same
    /// item collected under its alternative name, or waiting longer than
    /// ``CollectionLimits/leftoverAge``). Not waited for; docs/operations.md says how to remove them.
    package var leftovers: [String] = []
    /// The ``leftovers`` this run found first (earlier runs' are only counted).
    package var newLeftovers: [String] = []
    /// The study's monitoring figures after this run (completion, median quality, flagged
    /// participants), as `<dataset>/overview.json` has them.
    package var monitoring: MonitoringSummary?
    /// The participants with a flag, most flags first (their entries of `overview.json`); demo
    /// participants (every recording scripted or simulated) are not among them.
    package var flagged: [ParticipantAdherence] = []

    /// An empty report.
    package init() {}
}
