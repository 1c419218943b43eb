public import Foundation

/// One stored run of a session: a block of a recording, or the questionnaire. Incomplete runs
/// (interrupted, disconnected, low battery) are kept too, so nothing is silently lost.
public struct BlockRecord: Sendable, Hashable, Codable {
    /// The block index within the session (0 for a questionnaire).
    public var block: Int
    /// Whether the run finished.
    public var outcome: BlockOutcome
    /// When the run ended.
    public var finishedAt: Date
    /// The stored file, relative to the data folder, if any.
    public var file: String?
    /// Why an incomplete run ended (e.g. "interrupted", "disconnected", "batteryLow").
    public var reason: String?
    /// The latencies (ms) of the run's valid reaction-time trials, when it ran a reaction-time task
    /// (also when interrupted: the trials done so far). The session's score is their median over
    /// every run of the session; `scores` reads them.
    public var validLatenciesMs: [Double]?
    /// The run's own score: the median of ``validLatenciesMs``.
    public var medianLatencyMs: Double?

    /// Creates a record.
    public init(block: Int, outcome: BlockOutcome, finishedAt: Date, file: String? = nil, reason: String? = nil) {
        self.block = block
        self.outcome = outcome
        self.finishedAt = finishedAt
        self.file = file
        self.reason = reason
    }
}
