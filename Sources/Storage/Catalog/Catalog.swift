public import Foundation
import GRDB

#if canImport(Glibc)
import Glibc
#endif

/// The list of every stored item with its transmission state: the single source of truth for what
/// exists and what still has to be sent.
///
/// It is an SQLite database (`catalog.sqlite` in the data folder) in WAL mode, so a recorder and an
/// uploader in two processes can use it at the same time: every change is a transaction, readers never
/// block writers, and a writer waits (up to ``busyTimeout``) for another. Upload runs claim items
/// atomically (``claimDue(now:owner:limit:staleAfter:)``), so two overlapping runs never send the same
/// item.
package final class Catalog: Sendable {
    /// The database file.
    package let url: URL
    /// How long a change waits for another process's transaction before failing.
    package static let busyTimeout: TimeInterval = 30

    private let pool: DatabasePool

    /// Opens (creating and migrating when needed) the catalog at `url`, on the calling thread: it
    /// blocks, so async code opens the data folder with ``DataStore/open(root:)``.
    package init(url: URL) throws {
        self.url = url
        var configuration = Configuration()
        configuration.busyMode = .timeout(Self.busyTimeout)
        configuration.label = "catalog"
        do {
            pool = try Self.open(url, configuration: configuration)
        } catch {
            throw CatalogError.unavailable(path: url.path, reason: "\(error)")
        }
    }

    /// Opens the pool and brings the schema up to date, holding an exclusive lock on
    /// `<catalog>.lock` meanwhile. Two processes opening a new data folder at once (two `record`s)
    /// would otherwise race twice: switching the new file to WAL fails with "database is locked"
    /// (SQLite's busy timeout does not cover that switch), and both find a migration not applied and
    /// run it, where the second to commit fails ("table items already exists"). With the lock the
    /// second waits in the kernel (`flock`, no polling) until the first has switched and migrated,
    /// then finds both done. A lock file, not the database file: closing any descriptor of the
    /// database would drop SQLite's own `fcntl` locks in this process.
    private static func open(_ url: URL, configuration: Configuration) throws -> DatabasePool {
        let lock = try ExclusiveLock(waitingFor: URL(fileURLWithPath: url.path + ".lock"))
        defer { withExtendedLifetime(lock) {} }
        let pool = try DatabasePool(path: url.path, configuration: configuration)
        try migrator.migrate(pool)
        return pool
    }

    private static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.create(table: "items") { t in
                t.primaryKey("id", .text)
                t.column("kind", .text).notNull()
                t.column("path", .text).notNull().unique()
                t.column("participant", .text).notNull().indexed()
                t.column("study", .text)
                t.column("title", .text)
                t.column("day", .integer)
                t.column("session", .integer)
                t.column("run", .integer)
                t.column("created", .datetime).notNull()
                t.column("size", .integer).notNull()
                t.column("sha256", .text)
                t.column("encryption", .text).notNull()
                t.column("state", .text).notNull().indexed()
                t.column("complete", .boolean).notNull()
                t.column("attempts", .integer).notNull()
                t.column("lastError", .text)
                t.column("nextAttempt", .datetime)
                t.column("transmittedAt", .datetime)
                t.column("transmittedVia", .text)
                t.column("remoteName", .text)
                t.column("claimedBy", .text)
                t.column("claimedAt", .datetime)
            }
        }
        // v2: why a recording ended early gets its own column; v1 kept it in `lastError`, where upload
        // errors overwrote it. Rows never tried for upload carried only an end reason there.
        migrator.registerMigration("v2") { db in
            try db.alter(table: "items") { t in t.add(column: "endReason", .text) }
            try db.execute(sql: "UPDATE items SET endReason = lastError, lastError = NULL WHERE complete = 0 AND attempts = 0")
        }
        // v3: run numbers are handed out by ``allocateRun(participant:)``, which remembers the last one
        // per participant here (a recording's row is inserted only once its device is known, so the
        // items table alone let two processes take the same number).
        migrator.registerMigration("v3") { db in
            try db.create(table: "runs") { t in
                t.primaryKey("participant", .text)
                t.column("last", .integer).notNull()
            }
        }
        // v4: an item a person retired (``TransmissionState/retired``) keeps why in its own column.
        // Existing rows get `NULL`: nothing was retired before.
        migrator.registerMigration("v4") { db in
            try db.alter(table: "items") { t in t.add(column: "retiredReason", .text) }
        }
        return migrator
    }

    /// Adds a new item.
    package func insert(_ item: CatalogItem) throws {
        try pool.write { db in try item.insert(db) }
    }

    /// The item with `id`, if any.
    package func item(id: String) throws -> CatalogItem? {
        try pool.read { db in try CatalogItem.fetchOne(db, key: id) }
    }

    /// The item stored at `path` (relative to the data folder), if any.
    package func item(path: String) throws -> CatalogItem? {
        try pool.read { db in try CatalogItem.filter(Column("path") == path).fetchOne(db) }
    }

    /// The catalogued paths in the folder `folder` (relative to the data folder, e.g. a participant's
    /// folder), read in one query over the path index: what recovery compares a folder's files with,
    /// instead of one lookup of a whole row per file (a start of `upload` or `record` walks every
    /// folder).
    package func paths(in folder: String) throws -> Set<String> {
        // Every path below `folder/` sorts between "folder/" and "folder0" ('0' follows '/').
        try pool.read { db in
            try Set(String.fetchAll(db, sql: "SELECT path FROM items WHERE path >= ? AND path < ?", arguments: [folder + "/", folder + "0"]))
        }
    }

    /// Path and catalogued size of every item in `state`, without decoding whole rows: what recovery
    /// checks each pending file against at every start.
    package func sizes(state: TransmissionState) throws -> [(id: String, path: String, size: Int64)] {
        try pool.read { db in
            try Row.fetchAll(db, sql: "SELECT id, path, size FROM items WHERE state = ?", arguments: [state.rawValue]).compactMap { row in
                // Decoded as optionals: a damaged row is skipped here, never a trap.
                let id: String? = row["id"], path: String? = row["path"], size: Int64? = row["size"]
                guard let id, let path, let size else { return nil }
                return (id: id, path: path, size: size)
            }
        }
    }

    /// All items, oldest first, optionally only those in `state`, of `participant` or of one of `kinds`.
    package func items(state: TransmissionState? = nil, participant: String? = nil, kinds: Set<ItemKind>? = nil) throws -> [CatalogItem] {
        try pool.read { db in
            var request = CatalogItem.all()
            if let state { request = request.filter(Column("state") == state.rawValue) }
            if let participant { request = request.filter(Column("participant") == participant) }
            if let kinds { request = request.filter(kinds.map(\.rawValue).contains(Column("kind"))) }
            return try request.order(Column("created"), Column("run")).fetchAll(db)
        }
    }

    /// Reads the item, lets `change` modify it, and writes it back, all in one transaction; returns the
    /// stored result.
    @discardableResult
    package func update(id: String, _ change: (inout CatalogItem) throws -> Void) throws -> CatalogItem {
        try pool.write { db in
            guard var item = try CatalogItem.fetchOne(db, key: id) else { throw CatalogError.noSuchItem(id) }
            try change(&item)
            try item.update(db)
            return item
        }
    }

    /// Reads the items `ids`, lets `change` modify each (it gets the item's id and the row), and writes
    /// them back, all in one transaction (one commit, one sync of the log, however many items); returns
    /// the stored results in the order of `ids`. An upload run records the items the server confirmed
    /// this way, a few at a time, instead of one transaction per item.
    @discardableResult
    package func update(ids: [String], _ change: (String, inout CatalogItem) throws -> Void) throws -> [CatalogItem] {
        guard !ids.isEmpty else { return [] }
        return try pool.write { db in
            try ids.map { id in
                guard var item = try CatalogItem.fetchOne(db, key: id) else { throw CatalogError.noSuchItem(id) }
                try change(id, &item)
                try item.update(db)
                return item
            }
        }
    }

    /// Records each of `transmissions` as sent (state `transmitted`, when, via and the remote name; no
    /// error, next try or claim left), all in one transaction: one statement per item, compiled once
    /// (dates written as ``CatalogItem`` writes them), instead of reading and writing back each whole
    /// row (``update(ids:_:)``), which an upload run did for every small file on the critical path
    /// between two requests. Throws ``CatalogError/noSuchItem(_:)`` (and records none) when a row is
    /// missing.
    package func recordTransmitted(_ transmissions: [Transmission]) throws {
        guard !transmissions.isEmpty else { return }
        try pool.write { db in
            let statement = try db.cachedStatement(
                sql: """
                    UPDATE items SET state = ?, transmittedAt = ?, transmittedVia = ?, remoteName = ?,
                        lastError = NULL, nextAttempt = NULL, claimedBy = NULL, claimedAt = NULL
                    WHERE id = ?
                    """)
            for t in transmissions {
                try statement.execute(arguments: [TransmissionState.transmitted.rawValue, UTCTimestamp.sqlite(t.at), t.via, t.remote, t.id])
                guard db.changesCount > 0 else { throw CatalogError.noSuchItem(t.id) }
            }
        }
    }

    /// Removes the item's row (its file is the caller's business).
    package func remove(id: String) throws {
        _ = try pool.write { db in try CatalogItem.deleteOne(db, key: id) }
    }

    /// Atomically moves up to `limit` pending items whose next attempt is due into `sending`, owned by
    /// `owner`, and returns them. Items claimed by a run that has not finished them within
    /// `staleAfter` seconds (it crashed) are taken over.
    /// Unencrypted items of a kind in `keepingLocal` are never claimed (a consent record without
    /// encryption stays on the device).
    package func claimDue(
        now: Date = Date(), owner: String, limit: Int = .max, staleAfter: TimeInterval = 3600, keepingLocal: Set<ItemKind> = []
    ) throws -> [CatalogItem] {
        try pool.write { db in
            let stale = UTCTimestamp.sqlite(now.addingTimeInterval(-staleAfter))
            let due = UTCTimestamp.sqlite(now)
            let local = Column("encryption") == EncryptionState.none.rawValue && keepingLocal.map(\.rawValue).contains(Column("kind"))
            let candidates =
                try CatalogItem
                .filter(
                    (Column("state") == TransmissionState.pending.rawValue
                        && (Column("nextAttempt") == nil || Column("nextAttempt") <= due))
                        || (Column("state") == TransmissionState.sending.rawValue && Column("claimedAt") < stale)
                )
                .filter(!local)
                .order(Column("created"), Column("run"))
                .limit(limit)
                .fetchAll(db)
            // Only the claim's three columns change: one compiled statement for all rows, not a whole
            // row encoded and written back per item (an upload run claims hundreds before its first request).
            let claim = try db.cachedStatement(sql: "UPDATE items SET state = ?, claimedBy = ?, claimedAt = ? WHERE id = ?")
            let at = UTCTimestamp.sqlite(now)
            var claimed: [CatalogItem] = []
            for var item in candidates {
                item.state = .sending
                item.claimedBy = owner
                item.claimedAt = now
                try claim.execute(arguments: [TransmissionState.sending.rawValue, owner, at, item.id])
                claimed.append(item)
            }
            return claimed
        }
    }

    /// Takes the next run index of `participant`: one more than any catalogued or allocated before,
    /// in one immediate (write-locked) transaction, so two processes recording into one data folder
    /// at once never get the same number (and so never the same file name).
    package func allocateRun(participant: String) throws -> Int {
        try pool.writeWithoutTransaction { db in
            var run = 0
            try db.inTransaction(.immediate) {
                let catalogued = try Int.fetchOne(db, sql: "SELECT MAX(run) FROM items WHERE participant = ?", arguments: [participant]) ?? 0
                let allocated = try Int.fetchOne(db, sql: "SELECT last FROM runs WHERE participant = ?", arguments: [participant]) ?? 0
                run = max(catalogued, allocated) + 1
                try db.execute(
                    sql: "INSERT INTO runs (participant, last) VALUES (?, ?) ON CONFLICT(participant) DO UPDATE SET last = excluded.last",
                    arguments: [participant, run])
                return .commit
            }
            return run
        }
    }

    /// The highest run index recorded for `participant`, or 0 when none.
    package func lastRun(participant: String) throws -> Int {
        try pool.read { db in
            try Int.fetchOne(db, sql: "SELECT MAX(run) FROM items WHERE participant = ?", arguments: [participant]) ?? 0
        }
    }
}
