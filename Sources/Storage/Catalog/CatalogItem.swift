public import Foundation
public import GRDB

/// One stored item (recording, questionnaire, consent record, trial table) and everything the
/// software knows about its transmission: the row of the ``Catalog``.
///
/// ``outcome`` is stored as the two columns (and JSON keys) it always had: `complete` (a boolean) and
/// `endReason` (text, `null` unless incomplete); its coding keys map them.
public struct CatalogItem: Sendable, Equatable, Codable, Identifiable {
    /// The column and JSON key names; `complete` and `endReason` together hold ``outcome``.
    private enum CodingKeys: String, CodingKey {
        case id, kind, path, participant, study, title, day, session, run, created, size, sha256, encryption, state
        case complete, endReason
        case attempts, lastError, nextAttempt, transmittedAt, transmittedVia, remoteName, claimedBy, claimedAt, retiredReason
    }

    /// A stable identifier (a UUID string), independent of the file's name or position.
    public var id: String
    /// What the item is.
    public var kind: ItemKind
    /// The file, relative to the data folder (e.g. `<uuid>/r_rest_1_3_4_<uuid>.h5`).
    public var path: String
    /// The participant's pseudonymous UUID.
    public var participant: String
    /// The study's name, when the item belongs to one.
    public var study: String?
    /// The paradigm or questionnaire title (`rest`, `motivation`…).
    public var title: String?
    /// Study day (1-based), session index and global run index, as in the file name.
    public var day: Int?
    /// The session within its study day, 1-based ("day 2, session 3"; 0 for enrolment and for
    /// items made outside a study).
    public var session: Int?
    /// The participant's global run counter (+1 per block or questionnaire).
    public var run: Int?
    /// When the item was created.
    public var created: Date
    /// Size of the file on disk in bytes (0 while writing).
    public var size: Int64
    /// SHA-256 of the file on disk, lowercase hex (nil while writing).
    public var sha256: String?
    /// Whether the file on disk is encrypted.
    public var encryption: EncryptionState
    /// Where the item stands on its way to the server.
    public var state: TransmissionState
    /// How the recording ended: complete, or incomplete (interrupted, recovered after a crash) with
    /// why, e.g. "interrupted by signal". The reason is never an upload error, which is ``lastError``.
    /// Items that are not recordings are complete.
    public var outcome: RecordingOutcome
    /// Upload attempts made so far.
    public var attempts: Int
    /// The last upload error, for the experimenter (never contains credentials); `nil` once sent.
    public var lastError: String?
    /// The earliest time the next attempt should be made (exponential backoff).
    public var nextAttempt: Date?
    /// When the server confirmed the item.
    public var transmittedAt: Date?
    /// How it was transmitted (`webdav`, `email`).
    public var transmittedVia: String?
    /// Where it was transmitted to (the remote path or mail recipient), for audits.
    public var remoteName: String?
    /// Which upload run holds the item while ``state`` is `sending` (pid and host).
    public var claimedBy: String?
    /// When that run claimed it (a stale claim is released after a timeout).
    public var claimedAt: Date?
    /// Why a person retired the item (``TransmissionState/retired``), as they gave it; `nil` otherwise.
    public var retiredReason: String?

    /// Creates an item; transmission fields start empty.
    public init(
        id: String = UUID().uuidString, kind: ItemKind, path: String, participant: String, study: String? = nil,
        title: String? = nil, day: Int? = nil, session: Int? = nil, run: Int? = nil, created: Date = Date(),
        size: Int64 = 0, sha256: String? = nil, encryption: EncryptionState = .none, state: TransmissionState,
        outcome: RecordingOutcome = .complete
    ) {
        self.id = id
        self.kind = kind
        self.path = path
        self.participant = participant
        self.study = study
        self.title = title
        self.day = day
        self.session = session
        self.run = run
        self.created = created
        self.size = size
        self.sha256 = sha256
        self.encryption = encryption
        self.state = state
        self.outcome = outcome
        self.attempts = 0
    }

    /// Reads every field; `complete` and `endReason` become ``outcome``.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        kind = try c.decode(ItemKind.self, forKey: .kind)
        path = try c.decode(String.self, forKey: .path)
        participant = try c.decode(String.self, forKey: .participant)
        study = try c.decodeIfPresent(String.self, forKey: .study)
        title = try c.decodeIfPresent(String.self, forKey: .title)
        day = try c.decodeIfPresent(Int.self, forKey: .day)
        session = try c.decodeIfPresent(Int.self, forKey: .session)
        run = try c.decodeIfPresent(Int.self, forKey: .run)
        created = try c.decode(Date.self, forKey: .created)
        size = try c.decode(Int64.self, forKey: .size)
        sha256 = try c.decodeIfPresent(String.self, forKey: .sha256)
        encryption = try c.decode(EncryptionState.self, forKey: .encryption)
        state = try c.decode(TransmissionState.self, forKey: .state)
        outcome = RecordingOutcome(
            isComplete: try c.decode(Bool.self, forKey: .complete), reason: try c.decodeIfPresent(String.self, forKey: .endReason))
        attempts = try c.decode(Int.self, forKey: .attempts)
        lastError = try c.decodeIfPresent(String.self, forKey: .lastError)
        nextAttempt = try c.decodeIfPresent(Date.self, forKey: .nextAttempt)
        transmittedAt = try c.decodeIfPresent(Date.self, forKey: .transmittedAt)
        transmittedVia = try c.decodeIfPresent(String.self, forKey: .transmittedVia)
        remoteName = try c.decodeIfPresent(String.self, forKey: .remoteName)
        claimedBy = try c.decodeIfPresent(String.self, forKey: .claimedBy)
        claimedAt = try c.decodeIfPresent(Date.self, forKey: .claimedAt)
        retiredReason = try c.decodeIfPresent(String.self, forKey: .retiredReason)
    }

    /// Encodes every field, a missing value as `null`: a JSON reader (`list --json`) sees the same keys
    /// for every item instead of keys that come and go.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(kind, forKey: .kind)
        try c.encode(path, forKey: .path)
        try c.encode(participant, forKey: .participant)
        try c.encode(study, forKey: .study)
        try c.encode(title, forKey: .title)
        try c.encode(day, forKey: .day)
        try c.encode(session, forKey: .session)
        try c.encode(run, forKey: .run)
        try c.encode(created, forKey: .created)
        try c.encode(size, forKey: .size)
        try c.encode(sha256, forKey: .sha256)
        try c.encode(encryption, forKey: .encryption)
        try c.encode(state, forKey: .state)
        try c.encode(outcome.isComplete, forKey: .complete)
        try c.encode(outcome.reason, forKey: .endReason)
        try c.encode(attempts, forKey: .attempts)
        try c.encode(lastError, forKey: .lastError)
        try c.encode(nextAttempt, forKey: .nextAttempt)
        try c.encode(transmittedAt, forKey: .transmittedAt)
        try c.encode(transmittedVia, forKey: .transmittedVia)
        try c.encode(remoteName, forKey: .remoteName)
        try c.encode(claimedBy, forKey: .claimedBy)
        try c.encode(claimedAt, forKey: .claimedAt)
        try c.encode(retiredReason, forKey: .retiredReason)
    }
}

extension CatalogItem: FetchableRecord, PersistableRecord {
    /// The SQLite table holding the items.
    public static let databaseTableName = "items"

    /// Dates are stored as UTC text, `yyyy-MM-dd HH:mm:ss.SSS` (GRDB's own format, so catalogs written
    /// before keep working), formatted without ICU (see ``UTCTimestamp``).
    public static func databaseDateEncodingStrategy(for column: String) -> DatabaseDateEncodingStrategy {
        .custom { UTCTimestamp.sqlite($0) }
    }

    /// Reads the dates ``databaseDateEncodingStrategy`` writes.
    public static func databaseDateDecodingStrategy(for column: String) -> DatabaseDateDecodingStrategy {
        .custom { value in String.fromDatabaseValue(value).flatMap(UTCTimestamp.date(fromSQLite:)) }
    }
}
