public import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The one place decrypted copies of encrypted items live while an export or a report reads them: a
/// folder of this process (``OwnedFolder``, mode 0700) inside a private folder of the user (mode
/// 0700, owned by them) under the temporary directory — never in the data folder, never in an
/// export's `--out`.
///
/// Each copy is removed as soon as it has been read (``withPlaintext(of:_:)``), the process's folder
/// when the scratch is closed or released, and on SIGINT/SIGTERM by the command's signal handler
/// (``removeAllOfThisProcess()``). What a killed process (`kill -9`, power cut) left is removed by the
/// next one that makes a scratch: ``init(decryptor:dataFolder:parent:)`` sweeps abandoned folders
/// first.
///
/// ```swift
/// let scratch = try PlaintextScratch(decryptor: OpenPGPDecryptor(), dataFolder: store.root)
/// defer { scratch.close() }
/// let digest = try scratch.withPlaintext(of: store.url(of: item.path)) { try RecordingReader(url: $0) … }
/// ```
package final class PlaintextScratch: Sendable {
    /// The private folder of this user under the temporary directory that holds every process's
    /// scratch folder: `$TMPDIR/study-recorder-plaintext-<uid>`.
    package static var defaultParent: URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("study-recorder-plaintext-\(getuid())", isDirectory: true)
    }

    /// The prefix of each process's folder in the parent.
    static let prefix = "scratch-"

    /// The folders of live scratches of this process, for the signal handler.
    private static let live = Mutex<[ObjectIdentifier: OwnedFolder]>([:])

    /// Decrypts the items.
    package let decryptor: OpenPGPDecryptor
    /// This process's folder of decrypted copies.
    package let folder: URL
    private let owned: OwnedFolder

    /// Makes this process's scratch folder in `parent` (created 0700 when missing; refused when it
    /// lies in `dataFolder`, is not a folder owned by this user, or is readable by others), after
    /// removing what killed processes left there. Throws ``PlaintextScratchError``, or
    /// ``TerminationSignals/Interrupted`` once SIGINT or SIGTERM has arrived.
    ///
    /// Every scratch is protected by ``TerminationSignals``: on SIGINT or SIGTERM each of this
    /// process's scratch folders is removed, whoever made it (decision 0007).
    package init(decryptor: OpenPGPDecryptor, dataFolder: URL, parent: URL = PlaintextScratch.defaultParent) throws {
        TerminationSignals.onSignal("plaintext-scratch") { PlaintextScratch.removeAllOfThisProcess() }
        try TerminationSignals.check()
        let resolved = DataFolderBoundary.resolve(parent)
        if DataFolderBoundary(dataFolder: dataFolder).contains(parent) {
            throw PlaintextScratchError.insideDataFolder(path: parent.path, dataFolder: dataFolder.path)
        }
        try Self.makePrivate(resolved)
        OwnedFolder.sweep(in: resolved, prefix: Self.prefix)
        do {
            owned = try OwnedFolder(in: resolved, prefix: Self.prefix)
        } catch {
            throw PlaintextScratchError.io(path: resolved.path, reason: "\(error)")
        }
        folder = owned.url
        self.decryptor = decryptor
        Self.live.withLock { $0[ObjectIdentifier(self)] = owned }
    }

    deinit { close() }

    /// Decrypts `source` into this scratch, calls `body` with the plaintext copy and removes the copy
    /// (however `body` ends). A decryption failure is thrown as the decryptor's
    /// ``EncryptionError`` wrapped in ``PlaintextScratchError/decryption(path:reason:)``.
    package func withPlaintext<T>(of source: URL, _ body: (URL) throws -> T) throws -> T {
        let plain = try plaintext(of: source)
        defer { remove(plain) }
        return try body(plain)
    }

    /// Decrypts `source` into this scratch and returns the copy (named like `source` without its
    /// sealing's extension), for a caller that reads one copy several times — `collect` checks a
    /// recording, reads the overview's figures and exports it from one decryption. The caller removes
    /// it with ``remove(_:)`` once read; what it leaves goes with the scratch's folder (``close()``,
    /// the signal handler, the next process's sweep). Throws like ``withPlaintext(of:_:)``.
    package func plaintext(of source: URL) throws -> URL {
        // Nothing is decrypted once SIGINT or SIGTERM has arrived (its handler removes the copies).
        try TerminationSignals.check()
        var name = source.lastPathComponent
        for suffix in [".gpg", ".asc", ".pgp"] where name.hasSuffix(suffix) { name = String(name.dropLast(suffix.count)) }
        let plain = folder.appendingPathComponent(name)
        do {
            try decryptor.decrypt(source, to: plain)
        } catch {
            unlink(plain.path)
            throw PlaintextScratchError.decryption(path: source.path, reason: "\(error)")
        }
        return plain
    }

    /// Removes a copy ``plaintext(of:)`` made (a missing one is no error).
    package func remove(_ copy: URL) {
        unlink(copy.path)
    }

    /// Removes this process's folder with any copy still in it (idempotent).
    package func close() {
        owned.remove()
        _ = Self.live.withLock { $0.removeValue(forKey: ObjectIdentifier(self)) }
    }

    /// Removes every scratch folder of this process: what the SIGINT/SIGTERM handler
    /// (``TerminationSignals``) calls, so an interrupted export or report leaves no plaintext behind.
    package static func removeAllOfThisProcess() {
        let folders = live.withLock { live in
            defer { live.removeAll() }
            return Array(live.values)
        }
        for folder in folders { folder.remove() }
    }

    /// Removes what killed processes left in `parent` and returns the folders removed.
    @discardableResult
    package static func sweep(parent: URL = PlaintextScratch.defaultParent) -> [URL] {
        OwnedFolder.sweep(in: DataFolderBoundary.resolve(parent), prefix: prefix)
    }

    /// Creates `folder` (0700) when missing and checks that it is a real folder of this user that
    /// nobody else can enter, so a folder another user made in a shared /tmp is never used.
    private static func makePrivate(_ folder: URL) throws {
        if mkdir(folder.path, 0o700) != 0, errno != EEXIST {
            throw PlaintextScratchError.io(path: folder.path, reason: "cannot create the folder: \(String(cString: strerror(errno)))")
        }
        var info = stat()
        guard lstat(folder.path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            throw PlaintextScratchError.io(path: folder.path, reason: "not a folder (a symbolic link or a file is in its place)")
        }
        guard info.st_uid == getuid() else {
            throw PlaintextScratchError.io(path: folder.path, reason: "belongs to another user; decrypted copies are never kept there")
        }
        if info.st_mode & 0o077 != 0, chmod(folder.path, 0o700) != 0 {
            throw PlaintextScratchError.io(path: folder.path, reason: "others can read it and its mode cannot be set to 0700")
        }
    }
}
