public import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// What a person does with an item that cannot be sent as catalogued — its file missing, cut short
/// or changed (the upload reports it as needing a person, ``RecoveryReport/problems`` names it):
///
/// - **restore** it from a copy (a backup, the recording device's other disk): the copy is put in
///   place only when its SHA-256 is the one the catalog holds, so nothing but the very bytes that
///   were recorded can ever be uploaded under the item's name; the item is then pending again.
/// - **retire** it on record: the file (whatever is left of it) stays on this device, is never
///   uploaded, and the catalog keeps the state ``TransmissionState/retired`` with the reason the
///   person gave, so `list` shows it and nothing waits for it any more.
///
/// Both are one catalog transaction; an item being recorded or sent right now is refused (try
/// again when that ends), as is an item already on the server.
package enum ItemResolution {
    /// Puts the file at `copy` in place of item `id`'s file, after checking its size and SHA-256
    /// against the catalog, and makes a pending or retired item pending again (no error, no backoff,
    /// no reason left). An item already transmitted only gets its local file back. Returns the
    /// stored entry.
    @discardableResult
    package static func restore(_ id: String, from copy: URL, store: DataStore) throws(ResolutionError) -> CatalogItem {
        let item = try resolvable(id, store: store, allowTransmitted: true)
        guard let expected = item.sha256 else { throw .noChecksum(path: item.path) }
        var st = stat()
        guard stat(copy.path, &st) == 0, st.st_mode & S_IFMT == S_IFREG else { throw .noCopy(path: copy.path) }
        let target = store.url(of: item.path)
        let temporary = AtomicFile.temporaryURL(for: target)
        _ = unlink(temporary.path)
        do {
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: copy, to: temporary)
        } catch {
            _ = unlink(temporary.path)
            throw .io("cannot copy \(copy.path) to \(item.path): \(error)")
        }
        // The bytes checked are the bytes put in place: the temporary copy, not the source.
        let found: FileFingerprint
        do { found = try FileFingerprint(of: temporary) } catch {
            _ = unlink(temporary.path)
            throw .io("cannot read the copy of \(copy.path): \(error)")
        }
        guard found.sha256 == expected, item.size <= 0 || found.size == item.size else {
            _ = unlink(temporary.path)
            throw .mismatch(path: item.path, copy: copy.path, size: found.size, expectedSize: item.size)
        }
        do {
            try AtomicFile.commit(temporary, to: target)
            return try store.catalog.update(id: item.id) { row in
                if row.state != .transmitted {
                    row.state = .pending
                    row.retiredReason = nil
                }
                row.lastError = nil
                row.nextAttempt = nil
            }
        } catch {
            throw .io("\(error)")
        }
    }

    /// Retires item `id` on record: state ``TransmissionState/retired`` with `reason`, no error,
    /// no next try; its file is left as it is. Returns the stored entry.
    @discardableResult
    package static func retire(_ id: String, reason: String?, store: DataStore) throws(ResolutionError) -> CatalogItem {
        let item = try resolvable(id, store: store, allowTransmitted: false)
        let text = reason?.trimmingCharacters(in: .whitespacesAndNewlines)
        do {
            return try store.catalog.update(id: item.id) { row in
                row.state = .retired
                row.retiredReason = (text?.isEmpty ?? true) ? "retired without a reason given" : text
                row.lastError = nil
                row.nextAttempt = nil
                row.claimedBy = nil
                row.claimedAt = nil
            }
        } catch {
            throw .io("\(error)")
        }
    }

    /// The catalog entry of `id`, when a person may resolve it now.
    private static func resolvable(_ id: String, store: DataStore, allowTransmitted: Bool) throws(ResolutionError) -> CatalogItem {
        let found: CatalogItem?
        do { found = try store.catalog.item(id: id) } catch { throw .io("\(error)") }
        guard let item = found else { throw .noSuchItem(id) }
        switch item.state {
        case .writing, .sending: throw .busy(path: item.path, state: item.state)
        case .transmitted where !allowTransmitted: throw .transmitted(path: item.path)
        default: return item
        }
    }
}
