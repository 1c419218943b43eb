public import Storage

/// A task block's trial table as stored in `t_<paradigm>_<day>_<session>_<run>_<uuid>.json`, next to the
/// block's recording: every trial (stimulus, response, latency, foreperiod, classification, and the
/// recording-clock times and recording rows of stimulus and response) and the block's and session's
/// scores. An incomplete block's table holds the trials done so far (`complete: false`; the
/// reason is the recording's and the schedule's to keep, not written here). Missing values are
/// written as `null`.
public struct TrialTable: Sendable, Encodable {
    private enum CodingKeys: String, CodingKey {
        case format, formatVersion, study, participant, day, session, run, block, recording, complete, medianCorrectLatencyMs, sessionMedianLatencyMs,
            trials
    }

    /// Always `study-recorder-trials`.
    public var format = "study-recorder-trials"
    /// The version of this layout.
    public var formatVersion = 2
    /// The study.
    public var study: String
    /// The participant's UUID.
    public var participant: String
    /// Study day (1-based), session index, run.
    public var day: Int
    /// The session's index in the study.
    public var session: Int
    /// The run of the block's recording.
    public var run: Int
    /// The block (1-based).
    public var block: Int
    /// The file name of the recording made during the block (its markers match these trials).
    public var recording: String
    /// Whether the block ran to its end (written as the key `complete`).
    public var outcome: RecordingOutcome
    /// The block's score: median latency of its correct trials in milliseconds (`null` if none).
    public var medianCorrectLatencyMs: Double?
    /// The session's score so far: the median latency over the correct trials of every stored run
    /// of the session, this block included (`null` if none). The last block's value is the session's.
    public var sessionMedianLatencyMs: Double?
    /// The trials in order.
    public var trials: [ReactionTimeResult]

    /// Writes every key, missing scores as `null`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(format, forKey: .format)
        try c.encode(formatVersion, forKey: .formatVersion)
        try c.encode(study, forKey: .study)
        try c.encode(participant, forKey: .participant)
        try c.encode(day, forKey: .day)
        try c.encode(session, forKey: .session)
        try c.encode(run, forKey: .run)
        try c.encode(block, forKey: .block)
        try c.encode(recording, forKey: .recording)
        try c.encode(outcome.isComplete, forKey: .complete)
        try c.encode(medianCorrectLatencyMs, forKey: .medianCorrectLatencyMs)
        try c.encode(sessionMedianLatencyMs, forKey: .sessionMedianLatencyMs)
        try c.encode(trials, forKey: .trials)
    }
}
