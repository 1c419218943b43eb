/// A task block's trial table as stored in `t_<paradigm>_<day>_<session>_<run>_<uuid>.json`, next to the
/// block's recording: every trial (stimulus, response, latency, foreperiod, time, classification)
/// and the session score.
public struct TrialTable: Sendable, Encodable {
    /// Always `study-recorder-trials`.
    public var format = "study-recorder-trials"
    /// The version of this layout.
    public var formatVersion = 1
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
    /// Whether the block ran to its end.
    public var complete: Bool
    /// The score: median latency of the correct trials in milliseconds (`null` if none).
    public var medianCorrectLatencyMs: Double?
    /// The trials in order.
    public var trials: [ReactionTimeResult]
}
