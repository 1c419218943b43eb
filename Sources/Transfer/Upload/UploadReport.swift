/// What an upload run did, item by item; the CLI prints it (or its JSON) and derives its exit code.
public struct UploadReport: Sendable, Codable, Equatable {
    /// One item's outcome.
    public struct Outcome: Sendable, Codable, Equatable {
        /// The catalog id.
        public var id: String
        /// The local path (relative to the data folder).
        public var path: String
        /// Where it went (`<uuid>/<file>` on WebDAV, the recipients for e-mail), when sent.
        public var remote: String?
        /// `webdav` or `email`, when sent.
        public var via: String?
        /// Why it was not sent.
        public var error: String?
        /// When the next attempt is due, for items not sent.
        public var nextAttempt: String?
    }

    /// True when another run held the lock, so this one did nothing.
    public var busy = false
    /// True for a dry run (``planned`` lists what would be sent).
    public var dryRun = false
    /// Items the server confirmed in this run.
    public var sent: [Outcome] = []
    /// Items that failed in this run and stay pending.
    public var failed: [Outcome] = []
    /// Items a dry run would send.
    public var planned: [Outcome] = []
    /// Items still waiting after the run (pending or not yet due).
    public var remaining = 0
    /// A configuration problem found on the way (e.g. an unusable study key), if any.
    public var configurationProblem: String?

    /// Creates an empty report.
    public init() {}
}
