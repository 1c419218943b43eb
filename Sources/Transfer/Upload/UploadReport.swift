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

        /// An outcome; only what applies is set.
        public init(id: String, path: String, remote: String? = nil, via: String? = nil, error: String? = nil, nextAttempt: String? = nil) {
            self.id = id
            self.path = path
            self.remote = remote
            self.via = via
            self.error = error
            self.nextAttempt = nextAttempt
        }

        /// Encodes every field, a missing one as `null` (never an absent key).
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(id, forKey: .id)
            try c.encode(path, forKey: .path)
            try c.encode(remote, forKey: .remote)
            try c.encode(via, forKey: .via)
            try c.encode(error, forKey: .error)
            try c.encode(nextAttempt, forKey: .nextAttempt)
        }
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
    /// Items kept on the device by policy (``LocalOnlyPolicy``), with the reason in `error`; they are
    /// not pending and do not count in ``remaining``.
    public var keptLocal: [Outcome] = []
    /// Items that cannot be sent until a person acts (``TransferError/Code-swift.struct/needsPerson``:
    /// the file is missing or not what the catalog says), the reason in `error`. They stay pending,
    /// start no backoff, count in ``remaining``, and are named again by every run until restored or
    /// retired (`study-recorder resolve`). A dry run names those it would meet.
    public var needsPerson: [Outcome] = []
    /// Items still waiting after the run (pending or not yet due).
    public var remaining = 0
    /// Of ``remaining``, the items waiting for their next try time after earlier failures (a run
    /// leaves them alone; ``UploadOptions/ignoreBackoff`` sends them at once).
    public var waiting = 0
    /// The earliest next try time of the ``waiting`` items (ISO 8601, UTC), if any wait.
    public var nextAttempt: String?
    /// A configuration problem found on the way (e.g. an unusable study key, a refused account), if any.
    public var configurationProblem: String?

    private enum CodingKeys: String, CodingKey {
        case busy, dryRun, sent, failed, planned, keptLocal, needsPerson, remaining, waiting, nextAttempt, configurationProblem
    }

    /// Decodes a report (a report written before ``keptLocal`` existed has none).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        busy = try c.decode(Bool.self, forKey: .busy)
        dryRun = try c.decode(Bool.self, forKey: .dryRun)
        sent = try c.decode([Outcome].self, forKey: .sent)
        failed = try c.decode([Outcome].self, forKey: .failed)
        planned = try c.decode([Outcome].self, forKey: .planned)
        keptLocal = try c.decodeIfPresent([Outcome].self, forKey: .keptLocal) ?? []
        needsPerson = try c.decodeIfPresent([Outcome].self, forKey: .needsPerson) ?? []
        remaining = try c.decode(Int.self, forKey: .remaining)
        waiting = try c.decodeIfPresent(Int.self, forKey: .waiting) ?? 0
        nextAttempt = try c.decodeIfPresent(String.self, forKey: .nextAttempt)
        configurationProblem = try c.decodeIfPresent(String.self, forKey: .configurationProblem)
    }

    /// Encodes every field, a missing one as `null`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(busy, forKey: .busy)
        try c.encode(dryRun, forKey: .dryRun)
        try c.encode(sent, forKey: .sent)
        try c.encode(failed, forKey: .failed)
        try c.encode(planned, forKey: .planned)
        try c.encode(keptLocal, forKey: .keptLocal)
        try c.encode(needsPerson, forKey: .needsPerson)
        try c.encode(remaining, forKey: .remaining)
        try c.encode(waiting, forKey: .waiting)
        try c.encode(nextAttempt, forKey: .nextAttempt)
        try c.encode(configurationProblem, forKey: .configurationProblem)
    }

    /// Creates an empty report.
    public init() {}

    /// How a run ended, for a scheduler: what it should do next.
    public enum Conclusion: String, Sendable, Codable {
        /// Everything due was sent (items kept here by policy do not count); every dry run without
        /// a problem.
        case done
        /// Items are still pending and waiting helps: the server unreachable, busy or full, items
        /// waiting for their backoff, or another run active.
        case tryLater
        /// Some items cannot be sent until a person restores or retires them (``needsPerson``);
        /// everything else that could go went.
        case needsPerson
        /// The configuration is unusable or the server refused the account (``configurationProblem``).
        case configuration
    }

    /// The run's ``Conclusion``: a configuration problem first, then items needing a person, then
    /// items still pending.
    public var conclusion: Conclusion {
        if configurationProblem != nil { return .configuration }
        if !needsPerson.isEmpty { return .needsPerson }
        if dryRun { return .done }
        if busy || remaining > 0 || !failed.isEmpty { return .tryLater }
        return .done
    }
}
