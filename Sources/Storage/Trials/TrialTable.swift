public import Foundation

/// A task block's trial table as stored in `t_<paradigm>_<day>_<session>_<run>_<uuid>.json`, next to the
/// block's recording: every trial (stimulus, response, latency, foreperiod, classification, and the
/// recording-clock times and recording rows of stimulus and response) and the block's and session's
/// scores. An incomplete block's table holds the trials done so far (`complete: false`; the
/// reason is the recording's and the schedule's to keep, not written here). Missing values are
/// written as `null`.
///
/// The one model of this format: the study runner writes it, and the report, the CSV export and the
/// BIDS export's response times read it (``init(json:)``), so a key is named in one place.
package struct TrialTable: Sendable, Hashable, Codable {
    private enum CodingKeys: String, CodingKey {
        case format, formatVersion, study, participant, day, session, run, block, recording, complete, medianCorrectLatencyMs, sessionMedianLatencyMs,
            trials, provenance
    }

    /// The value of the `format` key that marks a trial table.
    package static let formatName = "study-recorder-trials"

    /// Always `study-recorder-trials`.
    package var format = TrialTable.formatName
    /// The version of this layout.
    package var formatVersion = 2
    /// The study.
    package var study: String
    /// The participant's UUID.
    package var participant: String
    /// Study day (1-based), session index, run.
    package var day: Int
    /// The session within its study day, 1-based ("day 2, session 3"; 0 for enrolment and for
    /// items made outside a study).
    package var session: Int
    /// The run of the block's recording.
    package var run: Int
    /// The block (1-based).
    package var block: Int
    /// The file name of the recording made during the block (its markers match these trials).
    package var recording: String
    /// Whether the block ran to its end (written as the key `complete`).
    package var outcome: RecordingOutcome
    /// The block's score: median latency of its correct trials in milliseconds (`null` if none).
    package var medianCorrectLatencyMs: Double?
    /// The session's score so far: the median latency over the correct trials of every stored run
    /// of the session, this block included (`null` if none). The last block's value is the session's.
    package var sessionMedianLatencyMs: Double?
    /// The trials in order.
    package var trials: [ReactionTimeResult]
    /// Where the table came from: the recording's source, whether a script pressed the keys
    /// (`--auto`), the speed (its latencies are study time), software and command line; `nil` in
    /// tables written before it.
    package var provenance: Provenance?

    /// A table of the current layout.
    package init(
        study: String, participant: String, day: Int, session: Int, run: Int, block: Int, recording: String, outcome: RecordingOutcome,
        medianCorrectLatencyMs: Double?, sessionMedianLatencyMs: Double? = nil, trials: [ReactionTimeResult]
    ) {
        self.study = study
        self.participant = participant
        self.day = day
        self.session = session
        self.run = run
        self.block = block
        self.recording = recording
        self.outcome = outcome
        self.medianCorrectLatencyMs = medianCorrectLatencyMs
        self.sessionMedianLatencyMs = sessionMedianLatencyMs
        self.trials = trials
    }

    /// Reads a stored table (any layout version: the keys formatVersion 1 did not write are
    /// missing, i.e. `nil`). Throws a `DecodingError` when `data` is not a trial table.
    package init(json data: Data) throws {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = UTCTimestamp.jsonDecodingStrategy
        self = try decoder.decode(TrialTable.self, from: data)
    }

    /// Reads every key; `complete: false` is read as `.incomplete(reason: nil)` (the reason is not
    /// written). Refuses JSON whose `format` is not ``formatName``.
    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        format = try c.decode(String.self, forKey: .format)
        guard format == Self.formatName else {
            throw DecodingError.dataCorruptedError(
                forKey: .format, in: c, debugDescription: "not a study-recorder trial table (format \"\(format)\")")
        }
        formatVersion = try c.decode(Int.self, forKey: .formatVersion)
        study = try c.decode(String.self, forKey: .study)
        participant = try c.decode(String.self, forKey: .participant)
        day = try c.decode(Int.self, forKey: .day)
        session = try c.decode(Int.self, forKey: .session)
        run = try c.decode(Int.self, forKey: .run)
        block = try c.decode(Int.self, forKey: .block)
        recording = try c.decode(String.self, forKey: .recording)
        outcome = try c.decode(Bool.self, forKey: .complete) ? .complete : .incomplete(reason: nil)
        medianCorrectLatencyMs = try c.decodeIfPresent(Double.self, forKey: .medianCorrectLatencyMs)
        sessionMedianLatencyMs = try c.decodeIfPresent(Double.self, forKey: .sessionMedianLatencyMs)
        trials = try c.decode([ReactionTimeResult].self, forKey: .trials)
        provenance = try c.decodeIfPresent(Provenance.self, forKey: .provenance)
    }

    /// Writes every key, missing scores as `null`.
    package func encode(to encoder: any Encoder) throws {
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
        try c.encodeIfPresent(provenance, forKey: .provenance)
    }
}
