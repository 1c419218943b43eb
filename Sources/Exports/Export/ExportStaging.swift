import Foundation
import Storage
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// An export built in a hidden folder of its destination (`<out>/.study-recorder-export-<pid>-…/`,
/// mode 0700, an ``OwnedFolder``) and published into the destination only when every item is
/// written, so a killed export never leaves something in `--out` that looks finished (a BIDS dataset
/// missing recordings, a `.part` file).
///
/// Publishing first writes a manifest (`publishing.json`, the items and how to merge) into the
/// staging folder, then moves its content into the destination — new folders in one rename, files
/// with `link` + `unlink` so an existing name is never replaced (a rename onto a name checked to be
/// free where the filesystem has no hard links, e.g. a FAT stick; except the BIDS files that are
/// merged: `participants.tsv`, `participants.json`), the dataset's `dataset_description.json` last —
/// and then removes the staging folder. The next export into the same destination finds what a killed
/// one left (``recover(in:)``): a staging folder without a manifest is removed, one with a manifest
/// is published to the end (its items are then complete in the destination). A file whose name is
/// taken by one with the same bytes counts as published: a run killed while its staging folder was
/// being removed (manifest already gone) leaves the next run to export the same items again, and
/// exports are byte-for-byte repeatable.
final class ExportStaging: Sendable {
    /// What a publication moves and how; written before the first move.
    struct Manifest: Codable {
        /// The items of the export.
        var items: [ExportedItem]
        /// Paths (relative to the destination) whose files replace what the destination holds (merged
        /// BIDS tables: `participants.tsv`, each session's `scans.tsv`).
        var replacing: [String]
        /// Top-level names moved last, in this order (`dataset_description.json`).
        var last: [String]
    }

    /// The prefix of staging folders in a destination.
    static let prefix = ".study-recorder-export-"
    /// Folders of the old decrypt-to-`--out` scheme (`.decrypted-XXXXXXXX`), removed on sight.
    static let legacyScratchPrefix = ".decrypted-"

    private enum Phase { case building, publishing, finished }

    private static let live = Mutex<[ObjectIdentifier: ExportStaging]>([:])

    private let owned: OwnedFolder
    /// Where the export's files are written before publication.
    let content: URL
    private let phase = Mutex<Phase>(.building)

    /// Makes a staging folder in `destination`. Throws ``ExportError/io(path:reason:)``.
    init(in destination: URL) throws {
        // SIGINT or SIGTERM: no half export stays (what is being published stays for the next run).
        TerminationSignals.onSignal("export-staging") { ExportStaging.discardAllOfThisProcess() }
        do {
            owned = try OwnedFolder(in: destination, prefix: Self.prefix)
        } catch {
            throw ExportError.io(path: destination.path, reason: "cannot make the staging folder (\(error))")
        }
        content = owned.url.appendingPathComponent("content", isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: content, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        } catch {
            owned.remove()
            throw ExportError.io(path: content.path, reason: "cannot make the staging folder (\(error.localizedDescription))")
        }
        Self.live.withLock { $0[ObjectIdentifier(self)] = self }
    }

    deinit { discard() }

    /// Publishes the content into `destination` with `permissions` (see the type's description).
    /// Once the manifest is written, a failure or a kill leaves the staging folder for the next run
    /// to complete.
    func publish(into destination: URL, manifest: Manifest, permissions: ExportPermissions) throws {
        let started = phase.withLock { phase in
            guard phase == .building else { return false }
            phase = .publishing
            return true
        }
        guard started else { throw ExportError.io(path: destination.path, reason: "the export was interrupted") }
        do {
            if let fileMode = permissions.fileMode, let folderMode = permissions.folderMode {
                try Self.restrict(content, file: mode_t(fileMode), folder: mode_t(folderMode))
            }
            let data = try JSONEncoder().encode(manifest)
            try AtomicFile.write(data, to: owned.url.appendingPathComponent("publishing.json"), permissions: 0o600)
        } catch {
            phase.withLock { $0 = .building }
            throw (error as? ExportError) ?? ExportError.io(path: destination.path, reason: "\(error)")
        }
        do {
            try Self.merge(content, into: destination, replacing: Set(manifest.replacing), last: manifest.last)
        } catch {
            // Leave the staging folder with its manifest: the next export into this folder completes it.
            phase.withLock { $0 = .finished }
            owned.abandon()
            _ = Self.live.withLock { $0.removeValue(forKey: ObjectIdentifier(self)) }
            throw error
        }
        phase.withLock { $0 = .finished }
        owned.remove()
        _ = Self.live.withLock { $0.removeValue(forKey: ObjectIdentifier(self)) }
    }

    /// Removes the staging folder unless its publication has begun (then it stays for the next run).
    func discard() {
        let remove = phase.withLock { phase in
            defer { if phase == .building { phase = .finished } }
            return phase == .building
        }
        if remove { owned.remove() }
        _ = Self.live.withLock { $0.removeValue(forKey: ObjectIdentifier(self)) }
    }

    /// Discards every staging folder of this process that is not being published: what a
    /// SIGINT/SIGTERM handler calls before the process exits.
    static func discardAllOfThisProcess() {
        let all = live.withLock { Array($0.values) }
        for staging in all { staging.discard() }
    }

    /// Completes or removes what killed exports left in `destination` (and the old scheme's
    /// decrypted scratch folders), returning the items of the exports it completed.
    static func recover(in destination: URL) -> [ExportedItem] {
        let fm = FileManager.default
        for name in (try? fm.contentsOfDirectory(atPath: destination.path)) ?? [] where name.hasPrefix(legacyScratchPrefix) {
            try? fm.removeItem(at: destination.appendingPathComponent(name))
        }
        var completed: [ExportedItem] = []
        for folder in OwnedFolder.abandoned(in: destination, prefix: prefix) {
            let manifestURL = folder.appendingPathComponent("publishing.json")
            if let data = try? Data(contentsOf: manifestURL), let manifest = try? JSONDecoder().decode(Manifest.self, from: data) {
                let content = folder.appendingPathComponent("content", isDirectory: true)
                if (try? merge(content, into: destination, replacing: Set(manifest.replacing), last: manifest.last)) != nil {
                    completed += manifest.items
                }
            }
            try? fm.removeItem(at: folder)
        }
        return completed
    }

    // MARK: Moving

    /// Moves the entries of `source` into `destination`: a folder missing there in one rename, a
    /// folder present there entry by entry, a file only when its name is free (or its path, `prefix`
    /// and name, is in `replacing`); `last` (top-level names) at the end, in order. Folders are
    /// fsynced after their entries moved.
    private static func merge(_ source: URL, into destination: URL, replacing: Set<String>, last: [String], prefix: String = "") throws {
        let fm = FileManager.default
        guard fm.fileExists(atPath: source.path) else { return }
        var names = try fm.contentsOfDirectory(atPath: source.path).sorted()
        if prefix.isEmpty {
            names = names.filter { !last.contains($0) } + last.filter { names.contains($0) }
        }
        for name in names {
            let from = source.appendingPathComponent(name)
            let to = destination.appendingPathComponent(name)
            if isFolder(from) {
                if !exists(to) {
                    guard rename(from.path, to.path) == 0 else { throw failure(to, "cannot move it into place", errno) }
                } else if isFolder(to) {
                    try merge(from, into: to, replacing: replacing, last: [], prefix: prefix + name + "/")
                    rmdir(from.path)
                } else {
                    throw ExportError.taken(to.path)
                }
            } else if replacing.contains(prefix + name) {
                guard rename(from.path, to.path) == 0 else { throw failure(to, "cannot move it into place", errno) }
            } else {
                // Published already: the same file (a publication killed between its link and
                // unlink) or the same bytes (the same items exported again after a run killed while
                // its staging folder was being removed, its manifest gone first).
                if exists(to) && (sameFile(from, to) || sameContent(from, to)) {
                    unlink(from.path)
                    continue
                }
                // link fails when the name exists: an export never replaces a file, even one another
                // process put there meanwhile.
                if link(from.path, to.path) != 0 {
                    let code = errno
                    if code == EEXIST {
                        throw ExportError.taken(to.path)
                    }
                    // No hard links here (FAT and exFAT sticks, some network mounts): a rename onto a
                    // name checked to be free.
                    guard code == EPERM || code == EOPNOTSUPP || code == EXDEV || code == EMLINK, !exists(to) else {
                        throw exists(to)
                            ? ExportError.taken(to.path)
                            : failure(to, "cannot move it into place", code)
                    }
                    guard rename(from.path, to.path) == 0 else { throw failure(to, "cannot move it into place", errno) }
                    continue
                }
                unlink(from.path)
            }
        }
        do {
            try AtomicFile.syncFolder(destination)
        } catch {
            throw ExportError.io(path: destination.path, reason: "\(error)")
        }
    }

    /// Sets every file below `folder` to `file` and every folder (and `folder`) to `folder`.
    private static func restrict(_ root: URL, file: mode_t, folder: mode_t) throws {
        guard chmod(root.path, folder) == 0 else { throw failure(root, "cannot set its mode", errno) }
        let walker = FileManager.default.enumerator(atPath: root.path)
        while let relative = walker?.nextObject() as? String {
            let url = root.appendingPathComponent(relative)
            guard chmod(url.path, isFolder(url) ? folder : file) == 0 else { throw failure(url, "cannot set its mode", errno) }
        }
    }

    private static func isFolder(_ url: URL) -> Bool {
        var info = stat()
        return lstat(url.path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    /// Whether `a` and `b` are one file (a publication killed between its `link` and `unlink`).
    private static func sameFile(_ a: URL, _ b: URL) -> Bool {
        var first = stat()
        var second = stat()
        return lstat(a.path, &first) == 0 && lstat(b.path, &second) == 0 && first.st_ino == second.st_ino && first.st_dev == second.st_dev
    }

    /// Whether the regular files `a` and `b` hold the same bytes (compared in 1 MiB pieces, read
    /// with ``Storage/FileReader``; a file that cannot be read counts as different).
    static func sameContent(_ a: URL, _ b: URL) -> Bool {
        var first = stat()
        var second = stat()
        guard lstat(a.path, &first) == 0, lstat(b.path, &second) == 0, first.st_mode & S_IFMT == S_IFREG, second.st_mode & S_IFMT == S_IFREG,
            first.st_size == second.st_size,
            let left = try? FileReader(path: a.path), let right = try? FileReader(path: b.path)
        else { return false }
        let piece = 1 << 20
        let buffers = UnsafeMutableRawBufferPointer.allocate(byteCount: 2 * piece, alignment: 16)
        defer { buffers.deallocate() }
        let x = UnsafeMutableRawBufferPointer(rebasing: buffers[0..<piece])
        let y = UnsafeMutableRawBufferPointer(rebasing: buffers[piece...])
        while true {
            guard let m = try? left.read(into: x), let n = try? right.read(into: y), m == n else { return false }
            if m == 0 { return true }
            if memcmp(x.baseAddress!, y.baseAddress!, m) != 0 { return false }
        }
    }

    private static func exists(_ url: URL) -> Bool {
        var info = stat()
        return lstat(url.path, &info) == 0
    }

    private static func failure(_ url: URL, _ step: String, _ code: Int32) -> ExportError {
        .io(path: url.path, reason: "\(step): \(String(cString: strerror(code)))")
    }
}
