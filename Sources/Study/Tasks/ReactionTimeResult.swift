import Foundation

/// One trial of the reaction-time task as stored in the trial table.
public struct ReactionTimeResult: Sendable, Hashable, Codable {
    /// The trial index within the block.
    public var trial: Int
    /// What was shown.
    public var stimulus: String
    /// The key pressed, if any.
    public var response: String?
    /// The drawn foreperiod, in seconds.
    public var foreperiod: Double
    /// Stimulus-to-key latency in milliseconds (negative for an anticipation: key before stimulus).
    public var latencyMs: Double?
    /// How the trial is classified.
    public var outcome: ReactionTimeOutcome
    /// When the task phase began.
    public var timestamp: Date

    /// Classifies a trial from the key time measured from the task phase's onset (`nil`: no key).
    public init(
        trial: Int, stimulus: String, response: String?, foreperiod: Double, keyAfterOnset: Double?,
        responseWindow: Double, timestamp: Date
    ) {
        self.trial = trial
        self.stimulus = stimulus
        self.response = response
        self.foreperiod = foreperiod
        self.timestamp = timestamp
        if let keyAfterOnset {
            let latency = (keyAfterOnset - foreperiod) * 1000
            latencyMs = latency
            outcome = latency < 0 ? .anticipation : (latency <= responseWindow * 1000 ? .correct : .miss)
        } else {
            latencyMs = nil
            outcome = .miss
        }
    }

    /// The session score: the median latency of the correct trials in ms, or `nil` if there are none.
    public static func medianCorrectLatency(_ results: [ReactionTimeResult]) -> Double? {
        let latencies = results.filter { $0.outcome == .correct }.compactMap(\.latencyMs).sorted()
        guard !latencies.isEmpty else { return nil }
        let middle = latencies.count / 2
        return latencies.count % 2 == 1 ? latencies[middle] : (latencies[middle - 1] + latencies[middle]) / 2
    }
}
