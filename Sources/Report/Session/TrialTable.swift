public import Foundation

/// A reaction-time trial table (`t_…json`, docs/formats.md) as the report shows it: each trial's
/// outcome and latency, and the block's and session's scores.
public struct TrialTable: Sendable, Equatable {
    /// One trial.
    public struct Trial: Sendable, Equatable {
        /// 1-based trial number.
        public var number: Int
        /// `correct`, `anticipation`, `wrongKey` or `miss`.
        public var outcome: String
        /// Milliseconds from stimulus to key (negative for an anticipation), `nil` for a miss.
        public var latencyMs: Double?
        /// The key read, if any.
        public var response: String?
    }

    /// The trials in order.
    public var trials: [Trial]
    /// The block's score: the median latency of its correct trials.
    public var blockMedianMs: Double?
    /// The session's score so far (the last block's value is the session's).
    public var sessionMedianMs: Double?
    /// The block number within the session.
    public var block: Int?

    /// Reads a trial table's JSON; `nil` when it is not one.
    public init?(json data: Data) {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            object["format"] as? String == "study-recorder-trials", let rows = object["trials"] as? [[String: Any]]
        else { return nil }
        trials = rows.enumerated().map { i, row in
            Trial(
                number: (row["trial"] as? NSNumber)?.intValue ?? i + 1, outcome: row["outcome"] as? String ?? "unknown",
                latencyMs: (row["latencyMs"] as? NSNumber)?.doubleValue.finite, response: row["response"] as? String)
        }
        blockMedianMs = (object["medianCorrectLatencyMs"] as? NSNumber)?.doubleValue.finite
        sessionMedianMs = (object["sessionMedianLatencyMs"] as? NSNumber)?.doubleValue.finite
        block = (object["block"] as? NSNumber)?.intValue
    }

    /// The name of the recording the table belongs to (its `recording` field), read without keeping
    /// the table.
    static func recordingName(json data: Data) -> String? {
        (try? JSONSerialization.jsonObject(with: data) as? [String: Any])?["recording"] as? String
    }
}

extension Double {
    /// The value when finite, else `nil`.
    var finite: Double? { isFinite ? self : nil }
}
