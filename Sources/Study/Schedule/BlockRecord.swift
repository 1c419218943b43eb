public import Foundation
public import Storage

/// One stored run of a session: a block of a recording, or the questionnaire. Incomplete runs
/// (interrupted, disconnected, low battery) are kept too, so nothing is silently lost.
///
/// In the progress file ``outcome`` keeps its two keys: `outcome` (`"complete"` or `"incomplete"`)
/// and `reason` (only for an incomplete run that has one).
package struct BlockRecord: Sendable, Hashable, Codable {
    private enum CodingKeys: String, CodingKey {
        case block, outcome, finishedAt, file, reason, validLatenciesMs, medianLatencyMs
    }

    /// The words of the `outcome` key.
    private enum StoredOutcome: String, Codable {
        case complete, incomplete
    }

    /// The block index within the session (0 for a questionnaire).
    package var block: Int
    /// Whether the run finished, and if not, why (e.g. "interrupted", "disconnected", "batteryLow").
    package var outcome: RecordingOutcome
    /// When the run ended.
    package var finishedAt: Date
    /// The stored file, relative to the data folder, if any.
    package var file: String?
    /// The latencies (ms) of the run's valid reaction-time trials, when it ran a reaction-time task
    /// (also when interrupted: the trials done so far). The session's score is their median over
    /// every run of the session; `scores` reads them.
    package var validLatenciesMs: [Double]?
    /// The run's own score: the median of ``validLatenciesMs``.
    package var medianLatencyMs: Double?

    /// Creates a record.
    package init(block: Int, outcome: RecordingOutcome, finishedAt: Date, file: String? = nil) {
        self.block = block
        self.outcome = outcome
        self.finishedAt = finishedAt
        self.file = file
    }

    /// Reads a record; `outcome` and `reason` become ``outcome``.
    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        block = try c.decode(Int.self, forKey: .block)
        let stored = try c.decode(StoredOutcome.self, forKey: .outcome)
        outcome = RecordingOutcome(isComplete: stored == .complete, reason: try c.decodeIfPresent(String.self, forKey: .reason))
        finishedAt = try c.decode(Date.self, forKey: .finishedAt)
        file = try c.decodeIfPresent(String.self, forKey: .file)
        validLatenciesMs = try c.decodeIfPresent([Double].self, forKey: .validLatenciesMs)
        medianLatencyMs = try c.decodeIfPresent(Double.self, forKey: .medianLatencyMs)
    }

    /// Writes the keys a record always had, leaving out those without a value.
    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(block, forKey: .block)
        try c.encode(outcome.isComplete ? StoredOutcome.complete : .incomplete, forKey: .outcome)
        try c.encode(finishedAt, forKey: .finishedAt)
        try c.encodeIfPresent(file, forKey: .file)
        try c.encodeIfPresent(outcome.reason, forKey: .reason)
        try c.encodeIfPresent(validLatenciesMs, forKey: .validLatenciesMs)
        try c.encodeIfPresent(medianLatencyMs, forKey: .medianLatencyMs)
    }
}
