public import Foundation

/// One trial of the reaction-time task as stored in the trial table (``TrialTable``): the row type the
/// study runner writes and the report and the exports read.
///
/// Times are moments on the recording's clock (``DataSources/ClockAnchor``), in UTC with millisecond
/// resolution, and samples are rows of the block's recording: the stimulus and response markers of
/// the trial sit on those rows, so a trial aligns with the EEG without guessing. Missing values are
/// written as `null`.
package struct ReactionTimeResult: Sendable, Hashable, Codable {
    /// The trial index within the block.
    package var trial: Int
    /// What was shown.
    package var stimulus: String
    /// The key pressed (the study runner's key name), if any.
    package var response: String?
    /// The drawn foreperiod, in seconds.
    package var foreperiod: Double
    /// Stimulus-to-key latency in milliseconds (negative for an anticipation: key before stimulus).
    package var latencyMs: Double?
    /// How the trial is classified.
    package var outcome: ReactionTimeOutcome
    /// When the task phase began: its moment on the recording clock (read on the run's host clock).
    package var timestamp: Date
    /// When the stimulus appeared (ISO 8601 UTC, ms); `null` when a key before it ended the trial.
    package var stimulusTime: String?
    /// The recording row of the stimulus marker; `null` when there was no stimulus.
    package var stimulusSample: Int64?
    /// When the key was pressed (ISO 8601 UTC, ms), also for an anticipation or a wrong key.
    package var responseTime: String?
    /// The recording row of the response marker (response, wrong key, anticipation), if any.
    package var responseSample: Int64?

    /// A trial as stored. The study runner classifies a trial from the key it read (Study's
    /// `init(trial:stimulus:response:foreperiod:keyAfterOnset:responseWindow:timestamp:responseKey:anticipationBound:)`).
    package init(
        trial: Int, stimulus: String, response: String?, foreperiod: Double, latencyMs: Double?, outcome: ReactionTimeOutcome, timestamp: Date,
        stimulusTime: String? = nil, stimulusSample: Int64? = nil, responseTime: String? = nil, responseSample: Int64? = nil
    ) {
        self.trial = trial
        self.stimulus = stimulus
        self.response = response
        self.foreperiod = foreperiod
        self.latencyMs = latencyMs
        self.outcome = outcome
        self.timestamp = timestamp
        self.stimulusTime = stimulusTime
        self.stimulusSample = stimulusSample
        self.responseTime = responseTime
        self.responseSample = responseSample
    }

    /// The median latency of the correct trials in ms, or `nil` if there are none: a block's score,
    /// and over all the session's trials, the session's.
    package static func medianCorrectLatency(_ results: [ReactionTimeResult]) -> Double? {
        median(results.filter { $0.outcome == .correct }.compactMap(\.latencyMs))
    }

    /// The median of `values`, or `nil` when there are none.
    package static func median(_ values: [Double]) -> Double? {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return nil }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    private enum CodingKeys: String, CodingKey {
        case trial, stimulus, response, foreperiod, latencyMs, outcome, timestamp, stimulusTime, stimulusSample, responseTime, responseSample
    }

    /// Writes every key, missing values as `null`. (Reading takes what formatVersion 1 omitted, the
    /// optional keys, as missing.)
    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(trial, forKey: .trial)
        try c.encode(stimulus, forKey: .stimulus)
        try c.encode(response, forKey: .response)
        try c.encode(foreperiod, forKey: .foreperiod)
        try c.encode(latencyMs, forKey: .latencyMs)
        try c.encode(outcome, forKey: .outcome)
        try c.encode(timestamp, forKey: .timestamp)
        try c.encode(stimulusTime, forKey: .stimulusTime)
        try c.encode(stimulusSample, forKey: .stimulusSample)
        try c.encode(responseTime, forKey: .responseTime)
        try c.encode(responseSample, forKey: .responseSample)
    }
}
