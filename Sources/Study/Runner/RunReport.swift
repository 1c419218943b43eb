public import Foundation
public import Storage

/// What a call of ``StudyRunner/runNextSession()`` did.
public struct RunReport: Sendable, Encodable {
    /// What the run found: how the session went (`completed`, or `incomplete` when a block ended
    /// ``RecordingOutcome/incomplete(reason:)``), or where the schedule stands (`waiting`,
    /// `finished`). The JSON words are unchanged: `incomplete` is written `"interrupted"`.
    public enum State: String, Sendable, Encodable {
        /// A session was run to its end.
        case completed
        /// A block ended incomplete (``reason`` says why); it was stored so and is due again.
        case incomplete = "interrupted"
        /// Nothing is due now; the next day opens later.
        case waiting
        /// The study is finished.
        case finished
    }

    /// The outcome.
    public var state: State
    /// The session's name and its position (day and item, 1-based).
    public var session: String?
    /// The session's title in the participant's locale ("Über dich"): what the end lines show, the
    /// name (``session``) being the study file's key.
    public var title: String?
    /// Study day (1-based) of the session run.
    public var day: Int?
    /// The session within that day (1-based): "day 2, session 3", as `status` and file names say.
    public var sessionNumber: Int?
    /// Items stored by this run, in order.
    public var stored: [CatalogItem] = []
    /// When the next day opens (state `waiting`, or after completing a day).
    public var nextDayOpensAt: Date?
    /// Why the block ended incomplete (state `incomplete`): the reason of its ``RecordingOutcome``.
    public var reason: String?
    /// The reaction-time score (median latency of correct trials, ms), for reaction-time sessions.
    public var medianLatencyMs: Double?
    /// What the upload after the session reported, if one ran.
    public var upload: String?
    /// The post-session report written after the session (relative to the data folder), when the
    /// study asks for one (`settings.report`).
    public var report: String?
    /// Announcements from the study team shown before the session, with placeholders filled, in
    /// the participant's locale.
    package var announcements: [Announcement] = []
}
