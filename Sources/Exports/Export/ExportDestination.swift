public import Foundation
public import Storage

/// Where exports go: a folder that must lie outside the data folder, so recovery, upload and the
/// catalog never see an export. An ``Exporter`` writes into a staging folder inside it (a destination
/// whose ``folder`` is the staging folder and whose ``published`` is this one) and publishes at the
/// end; names taken in either are refused, since exports never overwrite.
package struct ExportDestination: Sendable {
    /// The folder files are written into, resolved (symbolic links followed).
    package let folder: URL
    /// The folder the files end up in: ``folder`` itself, or for a staged export the destination it is
    /// published into.
    package let published: URL

    /// Checks that `folder` is not the data folder `dataFolder` or inside it (after following symbolic
    /// links, also of the parts that do not exist yet) and creates it (mode 0700 with `.private`
    /// permissions).
    package init(folder: URL, dataFolder: URL, permissions: ExportPermissions = .shared) throws {
        let resolved = DataFolderBoundary.resolve(folder)
        if DataFolderBoundary(dataFolder: dataFolder).contains(folder) {
            throw ExportError.insideDataFolder(path: folder.path, dataFolder: dataFolder.path)
        }
        do {
            if !FileManager.default.fileExists(atPath: resolved.path) {
                try FileManager.default.createDirectory(at: resolved.deletingLastPathComponent(), withIntermediateDirectories: true)
                try FileManager.default.createDirectory(
                    at: resolved, withIntermediateDirectories: true,
                    attributes: permissions.folderMode.map { [.posixPermissions: Int($0)] } ?? [:])
            }
        } catch {
            throw ExportError.io(path: folder.path, reason: "cannot create the folder (\(error.localizedDescription))")
        }
        self.folder = resolved
        self.published = resolved
    }

    /// A destination writing into `staging` whose files are published into `published`.
    init(staging: URL, published: URL) {
        self.folder = staging
        self.published = published
    }

    /// Atomically writes (or replaces) a side file of an export, e.g. BIDS's `participants.tsv`.
    static func commit(_ data: Data, to url: URL) throws {
        try mapped { try AtomicFile.write(data, to: url) }
    }

    /// Runs `body`, turning a storage error into ``ExportError/io(path:reason:)`` naming the file.
    private static func mapped(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch let error as StorageError {
            switch error {
            case .io(let path, let reason): throw ExportError.io(path: path, reason: reason)
            case .diskFull(let path): throw ExportError.io(path: path, reason: "disk full")
            default: throw ExportError.io(path: "\(error)", reason: error.reason)
            }
        }
    }

    /// Writes a file through `body` (given a temporary URL next to the target) and commits it as
    /// `name` with ``AtomicFile/commit(_:to:replacing:)`` when `body` succeeds (fsync, rename, fsync
    /// of the folder), so an interrupted export leaves no half file under the final name. Refuses to
    /// overwrite: exports are never silently replaced. A name the published destination holds
    /// already is written all the same and refused only when the bytes differ: a repeated export of
    /// the same items (after a run killed while its staging folder was being removed, its files
    /// published and its manifest gone) completes, and publication keeps the file that is there.
    package func write<T>(_ name: String, in subfolder: String? = nil, _ body: (URL) throws -> T) throws -> (url: URL, result: T) {
        try TerminationSignals.check()
        var dir = folder
        // Below the destination's folder only, one level at a time: a staging folder the
        // SIGINT/SIGTERM handler removed meanwhile is never made again.
        for part in subfolder?.split(separator: "/") ?? [] {
            dir.appendPathComponent(String(part), isDirectory: true)
            if mkdir(dir.path, 0o777) != 0 && errno != EEXIST {
                throw ExportError.io(path: dir.path, reason: "cannot create the folder (\(String(cString: strerror(errno))))")
            }
        }
        let target = dir.appendingPathComponent(name)
        let final = published.appendingPathComponent(subfolder.map { "\($0)/\(name)" } ?? name)
        let taken = { (url: URL) in ExportError.taken(url.path) }
        if FileManager.default.fileExists(atPath: target.path) { throw taken(final) }
        let temporary = dir.appendingPathComponent(".\(name).\(UUID().uuidString.prefix(8)).part")
        do {
            let result = try body(temporary)
            if final != target, FileManager.default.fileExists(atPath: final.path), !ExportStaging.sameContent(temporary, final) {
                throw taken(final)
            }
            try Self.mapped { try AtomicFile.commit(temporary, to: target, replacing: false) }
            return (target, result)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }
}
