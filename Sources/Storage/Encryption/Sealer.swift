import DataSources
public import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Applies a study's ``EncryptionPolicy`` to stored items: the hook a recorder (or anything that
/// finalizes an item) calls, and the uploader's source of encrypted copies.
///
/// With the policy `at-rest`, ``seal(_:)`` encrypts the item's file, streaming, to `<file>.gpg` (or
/// `.asc`), and then removes the plaintext. The order makes a crash at any point safe:
///
/// 1. encrypt to a temporary `.<file>.gpg.<pid>.partial`, fsync, rename to `<file>.gpg`, fsync the folder;
/// 2. in one catalog transaction, point the item at `<file>.gpg` (path, size, SHA-256, encryption);
/// 3. remove the plaintext and its journal, fsync the folder.
///
/// Sealing blocks (GPGME encrypts the whole file, the catalog and the folder are synced), and so does
/// making a sealer (GPGME imports and checks the study key), so the async methods and
/// ``make(store:policy:keyRing:baseFolder:)`` run it on ``BlockingExecutor/shared`` and never hold a
/// thread of the cooperative pool; the initializer and the `…Blocking` forms are for code already
/// on such a thread (the uploader's run).
///
/// A crash before 2 leaves the plaintext item catalogued (and maybe an uncatalogued `.gpg`, which
/// ``recover()`` removes before sealing again); a crash after 2 leaves the encrypted item catalogued
/// and maybe a plaintext, which ``recover()`` removes. Never is neither catalogued.
///
/// ```swift
/// let sealer = try await Sealer.make(store: store, policy: policy)
/// item = try await sealer.seal(item)    // after the recorder finalized it
/// ```
package struct Sealer: Sendable {
    /// The data folder whose items are sealed.
    package let store: DataStore
    /// The study's policy.
    package let policy: EncryptionPolicy
    /// The encryptor, present whenever the policy's mode is not `none`.
    package let encryptor: OpenPGPEncryptor?

    /// A sealer for `store`, made on ``BlockingExecutor/shared``. Unless the policy's mode is `none`,
    /// the policy's key file is imported into `keyRing` (default `<data>/private/gnupg`) and checked
    /// (GPGME and gpg: hundreds of milliseconds, longer when the key file is slow to read); a relative
    /// key file path is resolved against `baseFolder` (default: the current directory).
    package static func make(store: DataStore, policy: EncryptionPolicy, keyRing: URL? = nil, baseFolder: URL? = nil) async throws -> Sealer {
        try await BlockingExecutor.shared.run("import study key") { () throws(any Error) in
            try Sealer(store: store, policy: policy, keyRing: keyRing, baseFolder: baseFolder)
        }
    }

    /// ``make(store:policy:keyRing:baseFolder:)`` on the calling thread: for synchronous callers in
    /// the package and code already on a ``BlockingExecutor``.
    package init(store: DataStore, policy: EncryptionPolicy, keyRing: URL? = nil, baseFolder: URL? = nil) throws {
        self.store = store
        self.policy = policy
        guard policy.mode != .none else {
            encryptor = nil
            return
        }
        guard let keyFile = policy.keyFile, !keyFile.isEmpty else {
            throw EncryptionError.notConfigured("no key file (encryption.keyFile)")
        }
        guard let fingerprint = policy.fingerprint, !fingerprint.isEmpty else {
            throw EncryptionError.notConfigured("no pinned fingerprint (encryption.fingerprint)")
        }
        let keyURL =
            keyFile.hasPrefix("/")
            ? URL(fileURLWithPath: keyFile)
            : (baseFolder ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)).appendingPathComponent(keyFile)
        let ring = try keyRing ?? store.privateFolder().appendingPathComponent("gnupg", isDirectory: true)
        encryptor = try OpenPGPEncryptor(keyFile: keyURL, fingerprint: fingerprint, home: ring)
    }

    /// Encrypts `item` at rest when the policy says so and returns the catalogued result; returns the
    /// item unchanged when the policy is not `at-rest` or the item is already encrypted. Safe to call
    /// from two processes at once (the plaintext is locked while it is sealed). Runs on
    /// ``BlockingExecutor/shared``.
    @discardableResult
    package func seal(_ item: CatalogItem) async throws -> CatalogItem {
        try await BlockingExecutor.shared.run("seal") { [self] () throws(any Error) in try sealBlocking(item) }
    }

    /// ``seal(_:)`` on the calling thread: for code already running on a ``BlockingExecutor``.
    @discardableResult
    package func sealBlocking(_ item: CatalogItem) throws -> CatalogItem {
        guard policy.mode == .atRest, let encryptor, item.encryption == .none else { return item }
        if let current = try store.catalog.item(id: item.id), current.encryption != .none { return current }
        let plain = store.url(of: item.path)
        let fd = open(plain.path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw EncryptionError.io(path: item.path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        guard flock(fd, LOCK_EX) == 0 else { throw EncryptionError.io(path: item.path, reason: String(cString: strerror(errno))) }
        // Another process may have sealed it while this one waited for the lock.
        guard let current = try store.catalog.item(id: item.id), current.path == item.path, current.encryption == .none else {
            return try store.catalog.item(id: item.id) ?? item
        }
        let folder = plain.deletingLastPathComponent()
        let sealedName = plain.lastPathComponent + "." + policy.fileExtension
        let sealed = folder.appendingPathComponent(sealedName)
        let partial = folder.appendingPathComponent(".\(sealedName).\(getpid()).partial")
        guard try store.catalog.item(path: store.relativePath(of: sealed)) == nil else {
            throw EncryptionError.io(path: store.relativePath(of: sealed), reason: "another catalog item already uses this name; not overwritten")
        }
        let written = try encryptor.encrypt(plain, to: partial, armored: policy.armored)
        do {
            try AtomicFile.commit(partial, to: sealed)
        } catch let error as StorageError {
            throw EncryptionError.io(path: sealed.path, reason: error.reason)
        }
        let size = written.size
        let digest = written.sha256
        let sealedPath = store.relativePath(of: sealed)
        let updated = try store.catalog.update(id: item.id) { row in
            row.path = sealedPath
            row.size = size
            row.sha256 = digest
            row.encryption = policy.encryptionState
        }
        // Sealed and catalogued: a plaintext whose removal did not reach the disk is removed again by
        // ``recover()``.
        try? Self.removePlaintext(plain)
        return updated
    }

    /// What ``recover()`` did.
    package struct Recovery: Sendable, Equatable {
        /// Plaintexts removed because their encrypted item was already catalogued.
        package var plaintextsRemoved: [String] = []
        /// Incomplete or uncatalogued encrypted files removed.
        package var partialsRemoved: [String] = []
        /// Items sealed (again) because a seal had not finished.
        package var sealed: [String] = []
    }

    /// Finishes what a crash interrupted: removes plaintexts whose encrypted item is catalogued, removes
    /// partial and uncatalogued encrypted files, and (policy `at-rest`) seals every finished plaintext
    /// item. Items still being written are left alone. Run it at start-up and before each upload.
    /// Runs on ``BlockingExecutor/shared``.
    @discardableResult
    package func recover() async throws -> Recovery {
        try await BlockingExecutor.shared.run("seal recovery") { [self] () throws(any Error) in try recoverBlocking() }
    }

    /// ``recover()`` on the calling thread: for code already running on a ``BlockingExecutor``.
    @discardableResult
    package func recoverBlocking() throws -> Recovery {
        var report = Recovery()
        let fm = FileManager.default
        let items = try store.catalog.items()
        let catalogued = Set(items.map(\.path))
        for item in items where item.encryption != .none {
            let plain = store.url(of: Self.plaintextPath(of: item.path))
            if fm.fileExists(atPath: plain.path) {
                try Self.removePlaintext(plain)
                report.plaintextsRemoved.append(Self.plaintextPath(of: item.path))
            }
        }
        let folders = Set(items.map { ($0.path as NSString).deletingLastPathComponent })
        for folder in folders {
            let url = store.url(of: folder)
            for name in (try? fm.contentsOfDirectory(atPath: url.path)) ?? [] {
                let relative = folder.isEmpty ? name : folder + "/" + name
                let isPartial =
                    name.hasPrefix(".") && name.hasSuffix(".partial") && EncryptionState.encryptedExtensions.contains { name.contains(".\($0).") }
                let isOrphanSeal =
                    EncryptionState.encryptedExtensions.contains { name.hasSuffix(".\($0)") } && !catalogued.contains(relative)
                    && catalogued.contains(Self.plaintextPath(of: relative))
                if isPartial || isOrphanSeal {
                    unlink(url.appendingPathComponent(name).path)
                    report.partialsRemoved.append(relative)
                }
            }
            try AtomicFile.syncFolder(url)
        }
        if policy.mode == .atRest {
            for item in try store.catalog.items() where item.encryption == .none && item.state != .writing {
                guard fm.fileExists(atPath: store.url(of: item.path).path) else { continue }
                _ = try sealBlocking(item)
                report.sealed.append(item.id)
            }
        }
        return report
    }

    /// Encrypts a copy of `item`'s plaintext file into `folder` (for the policy `at-upload`) and returns
    /// it; the caller removes it after the transfer. Throws when the policy has no key. Runs on
    /// ``BlockingExecutor/shared``.
    package func encryptedCopy(of item: CatalogItem, into folder: URL) async throws -> URL {
        try await BlockingExecutor.shared.run("encrypted copy") { [self] () throws(any Error) in try encryptedCopyBlocking(of: item, into: folder) }
    }

    /// ``encryptedCopy(of:into:)`` on the calling thread: for code already running on a
    /// ``BlockingExecutor``.
    package func encryptedCopyBlocking(of item: CatalogItem, into folder: URL) throws -> URL {
        guard let encryptor else { throw EncryptionError.notConfigured("no study key for an encrypted copy") }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let name = (item.path as NSString).lastPathComponent + "." + policy.fileExtension
        let copy = folder.appendingPathComponent("\(item.id).\(name)")
        try encryptor.encrypt(store.url(of: item.path), to: copy, armored: policy.armored)
        return copy
    }

    /// True when the uncatalogued file at `relativePath` is what an interrupted seal left: a plaintext
    /// whose encrypted file is catalogued, or an encrypted file whose plaintext is catalogued. Recovery
    /// must not adopt such a file as a new item.
    static func isSealLeftover(_ relativePath: String, in store: DataStore) -> Bool {
        let plain = plaintextPath(of: relativePath)
        if plain != relativePath { return (try? store.catalog.item(path: plain)) != nil }
        for ext in EncryptionState.encryptedExtensions where (try? store.catalog.item(path: relativePath + "." + ext)) != nil { return true }
        return false
    }

    /// The plaintext path an encrypted path was made from (`x.h5.gpg` → `x.h5`).
    static func plaintextPath(of path: String) -> String {
        for ext in EncryptionState.encryptedExtensions where path.hasSuffix("." + ext) { return String(path.dropLast(ext.count + 1)) }
        return path
    }

    private static func removePlaintext(_ plain: URL) throws {
        unlink(plain.path)
        unlink(plain.path + ".journal")
        try AtomicFile.syncFolder(plain.deletingLastPathComponent())
    }
}
