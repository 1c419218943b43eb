import Foundation
import GRDB

/// One stored item (recording, questionnaire, consent record, trial table) and everything the
/// software knows about its transmission: the row of the ``Catalog``.
public struct CatalogItem: Sendable, Equatable, Codable, Identifiable {
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
    /// The session's index in the study.
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
    /// False when a recording ended early (interrupted, recovered after a crash).
    public var complete: Bool
    /// Upload attempts made so far.
    public var attempts: Int
    /// The last transfer error, for the experimenter (never contains credentials).
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

    /// Creates an item; transmission fields start empty.
    public init(
        id: String = UUID().uuidString, kind: ItemKind, path: String, participant: String, study: String? = nil,
        title: String? = nil, day: Int? = nil, session: Int? = nil, run: Int? = nil, created: Date = Date(),
        size: Int64 = 0, sha256: String? = nil, encryption: EncryptionState = .none, state: TransmissionState,
        complete: Bool = true
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
        self.complete = complete
        self.attempts = 0
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
