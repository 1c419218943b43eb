import DataSources
public import Foundation

/// The data folder: where recordings and answers live, one subfolder per participant UUID, with the
/// ``Catalog`` of every item at its root.
///
/// ```
/// <data>/catalog.sqlite          the catalog (SQLite, WAL)
/// <data>/<uuid>/r_…_<uuid>.h5    recordings, questionnaires, trial tables, consent records
/// <data>/private/                0700: participants' names (never uploaded), secrets
/// ```
public struct DataStore: Sendable {
    /// The data folder.
    public let root: URL
    /// The catalog of stored items.
    package let catalog: Catalog

    /// Opens the data folder at `root`, creating it if needed, on ``BlockingExecutor/shared``
    /// (creating the folder and opening the catalog block; a new catalog may wait for another
    /// process that opens it at the same moment). Fails with
    /// ``StorageError/unwritableFolder(path:reason:)`` when it cannot be created or written.
    public static func open(root: URL) async throws -> DataStore {
        try await BlockingExecutor.shared.run("open data folder") { () throws(any Error) in try DataStore(root: root) }
    }

    /// ``open(root:)`` on the calling thread: for synchronous callers in the package and code
    /// already on a ``BlockingExecutor``.
    package init(root: URL) throws {
        self.root = root.standardizedFileURL
        let fm = FileManager.default
        do {
            try fm.createDirectory(at: self.root, withIntermediateDirectories: true)
        } catch {
            throw StorageError.unwritableFolder(path: root.path, reason: Self.reason(error))
        }
        guard fm.isWritableFile(atPath: self.root.path) else {
            throw StorageError.unwritableFolder(path: root.path, reason: "permission denied")
        }
        do {
            catalog = try Catalog(url: self.root.appendingPathComponent("catalog.sqlite"))
        } catch {
            // SQLite reports a full disk as a generic I/O error; say what it is, with the way out.
            if FreeSpace.isFull(at: self.root) { throw StorageError.diskFull(path: self.root.appendingPathComponent("catalog.sqlite").path) }
            throw StorageError.unwritableFolder(path: root.path, reason: "\(error)")
        }
    }

    /// The folder holding `participant`'s files (created on demand, mode 0700: it holds the consent
    /// record, which carries the name).
    public func participantFolder(_ participant: String) throws -> URL {
        let url = root.appendingPathComponent(participant, isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw StorageError.unwritableFolder(path: url.path, reason: Self.reason(error))
        }
        return url
    }

    /// Removes a stored item: its file and its catalog row (used to undo what an aborted operation
    /// stored; never for data that was meant to be kept).
    public func discard(_ item: CatalogItem) throws {
        let url = url(of: item.path)
        if unlink(url.path) != 0 && errno != ENOENT {
            throw StorageError.io(path: url.path, reason: String(cString: strerror(errno)))
        }
        try AtomicFile.syncFolder(url.deletingLastPathComponent())
        try catalog.remove(id: item.id)
    }

    /// The private folder (mode 0700) for things that never leave the device.
    public func privateFolder() throws -> URL {
        let url = root.appendingPathComponent("private", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        return url
    }

    /// The lock file `name.lock` in the private folder (see ``ExclusiveLock``).
    public func lockURL(_ name: String) throws -> URL {
        try privateFolder().appendingPathComponent("\(name).lock")
    }

    /// The absolute URL of a catalog path.
    public func url(of relativePath: String) -> URL {
        root.appendingPathComponent(relativePath)
    }

    /// The catalog path (relative to the data folder) of `url`.
    public func relativePath(of url: URL) -> String {
        let full = url.standardizedFileURL.path
        let base = root.path.hasSuffix("/") ? root.path : root.path + "/"
        return full.hasPrefix(base) ? String(full.dropFirst(base.count)) : full
    }

    /// A URL for `fileName` in `participant`'s folder that no existing file or catalog entry uses:
    /// `name.h5`, else `name-2.h5`, `name-3.h5`…, so nothing is ever overwritten.
    public func unusedURL(participant: String, fileName: String) throws -> URL {
        let folder = try participantFolder(participant)
        let ext = (fileName as NSString).pathExtension
        let stem = (fileName as NSString).deletingPathExtension
        var candidate = folder.appendingPathComponent(fileName)
        var n = 2
        let fm = FileManager.default
        func taken(_ url: URL) throws -> Bool {
            if fm.fileExists(atPath: url.path) || fm.fileExists(atPath: url.path + ".partial")
                || fm.fileExists(atPath: url.path + ".journal")
            {
                return true
            }
            return try catalog.item(path: relativePath(of: url)) != nil
        }
        while try taken(candidate) {
            candidate = folder.appendingPathComponent("\(stem)-\(n).\(ext)")
            n += 1
        }
        return candidate
    }

    static func reason(_ error: any Error) -> String {
        if let cocoa = error as? CocoaError, let underlying = cocoa.userInfo[NSUnderlyingErrorKey] as? NSError {
            return String(cString: strerror(Int32(underlying.code)))
        }
        if let posix = error as? POSIXError { return String(cString: strerror(posix.code.rawValue)) }
        return error.localizedDescription
    }
}
