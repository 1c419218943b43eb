import CGPGME
public import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Encrypts files to a study's OpenPGP public key, streaming: a 1 GiB recording is read and written in
/// small pieces, so memory stays flat.
///
/// Creating one imports the key file into a key ring of the device's own (``home``, a 0700 folder such
/// as `<data>/private/gnupg`), checks that it holds the pinned key, and that this key can encrypt
/// (not expired, revoked, disabled or signing-only). Every problem is an ``EncryptionError`` naming the
/// key. The value is cheap to copy; each operation uses its own GPGME context.
///
/// ```swift
/// let encryptor = try OpenPGPEncryptor(keyFile: studyKey, fingerprint: "3F2A…", home: store.privateFolder().appendingPathComponent("gnupg"))
/// try encryptor.encrypt(plain, to: plain.appendingPathExtension("gpg"), armored: false)
/// ```
package struct OpenPGPEncryptor: Sendable {
    /// The key ring folder gpg uses.
    package let home: URL
    /// The study key's fingerprint (uppercase hex).
    package let fingerprint: String
    /// The key's first user ID, for messages.
    package let userID: String

    /// Imports `keyFile` into the key ring at `home` (created 0700 when missing) and checks the key with
    /// the pinned `fingerprint`.
    package init(keyFile: URL, fingerprint pinned: String, home: URL) throws {
        let (expected, bytes) = try OpenPGPKeyFile.prepare(keyFile: keyFile, pinned: pinned, home: home)
        self.home = home
        self.fingerprint = expected

        let ctx = try GPGME.context(home: home)
        defer { gpgme_release(ctx) }
        var data: gpgme_data_t?
        let created = bytes.withUnsafeBytes { raw in
            gpgme_data_new_from_mem(&data, raw.baseAddress?.assumingMemoryBound(to: CChar.self), raw.count, 1)
        }
        try GPGME.check(created, "reading the key file \(keyFile.path)")
        defer { gpgme_data_release(data) }
        try GPGME.check(gpgme_op_import(ctx, data), "importing the key file \(keyFile.path)")
        guard let result = gpgme_op_import_result(ctx) else {
            throw EncryptionError.gpgme(operation: "importing \(keyFile.path)", reason: "no import result")
        }
        if result.pointee.secret_read > 0 { throw EncryptionError.secretKeyFile(path: keyFile.path) }
        var found: [String] = []
        var status = result.pointee.imports
        while let s = status {
            if let fpr = s.pointee.fpr { found.append(String(cString: fpr)) }
            status = s.pointee.next
        }
        if found.isEmpty && result.pointee.considered == 0 { throw EncryptionError.noKeyInFile(path: keyFile.path) }
        let foundNormalized = Set(found.map(OpenPGPKeyFile.normalize))
        guard foundNormalized.contains(expected) else {
            throw EncryptionError.fingerprintMismatch(path: keyFile.path, expected: expected, found: Array(foundNormalized).sorted())
        }
        let key = try Self.lookUp(ctx: ctx, fingerprint: expected)
        defer { gpgme_key_unref(key) }
        userID = Self.firstUserID(key)
        try Self.checkUsable(key, fingerprint: expected, userID: userID)
    }

    /// Writes `no-autostart` into the key ring's `gpg.conf`. Importing and encrypting to a public key
    /// need no secret key, so no gpg-agent: without this line gpg starts one for the private key ring
    /// at the first import, and that daemon outlives the command (one more process per data folder on
    /// an unattended device, holding the folder open).
    static func forbidAgentAutostart(in home: URL) throws {
        let conf = home.appendingPathComponent("gpg.conf")
        let existing = (try? String(contentsOf: conf, encoding: .utf8)) ?? ""
        guard !existing.split(separator: "\n").contains(where: { $0.trimmingCharacters(in: .whitespaces) == "no-autostart" }) else { return }
        let text = existing + (existing.isEmpty || existing.hasSuffix("\n") ? "" : "\n") + "no-autostart\n"
        try AtomicFile.write(Data(text.utf8), to: conf, permissions: 0o600)
    }

    /// The size and SHA-256 of an encrypted file, computed while it was written (no second pass).
    package struct EncryptedFile: Sendable, Equatable {
        /// Bytes written.
        package var size: Int64
        /// SHA-256 of those bytes, lowercase hex.
        package var sha256: String
    }

    /// Encrypts the file at `source` into a new file at `destination` (mode 0600, replaced if present),
    /// streaming, and fsyncs it. Binary OpenPGP unless `armored`. Returns the output's size and SHA-256.
    @discardableResult
    package func encrypt(_ source: URL, to destination: URL, armored: Bool) throws -> EncryptedFile {
        let input = open(source.path, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw EncryptionError.io(path: source.path, reason: String(cString: strerror(errno))) }
        defer { close(input) }
        let output = open(destination.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard output >= 0 else { throw EncryptionError.io(path: destination.path, reason: String(cString: strerror(errno))) }
        var closed = false
        defer { if !closed { close(output) } }
        do {
            let sink = HashingSink(descriptor: output)
            let cbs = UnsafeMutablePointer<gpgme_data_cbs>.allocate(capacity: 1)
            defer { cbs.deallocate() }
            cbs.initialize(
                to: gpgme_data_cbs(
                    read: nil,
                    write: { handle, buffer, count in
                        guard let handle, let buffer else { return -1 }
                        return Unmanaged<HashingSink>.fromOpaque(handle).takeUnretainedValue().write(buffer, count)
                    }, seek: nil, release: nil))
            var cipher: gpgme_data_t?
            try GPGME.check(gpgme_data_new_from_cbs(&cipher, cbs, Unmanaged.passUnretained(sink).toOpaque()), "opening the output")
            defer { gpgme_data_release(cipher) }
            do {
                try encrypt(inputDescriptor: input, cipher: cipher, armored: armored)
            } catch {
                if sink.error != 0 { throw EncryptionError.io(path: destination.path, reason: String(cString: strerror(sink.error))) }
                throw error
            }
            guard fsync(output) == 0 else { throw EncryptionError.io(path: destination.path, reason: String(cString: strerror(errno))) }
            closed = true
            guard close(output) == 0 else { throw EncryptionError.io(path: destination.path, reason: String(cString: strerror(errno))) }
            return EncryptedFile(size: sink.size, sha256: sink.digest.finalizeHex())
        } catch {
            unlink(destination.path)
            throw error
        }
    }

    /// Encrypts everything readable from `inputDescriptor` and writes the OpenPGP message to
    /// `outputDescriptor`. Neither descriptor is closed.
    package func encrypt(inputDescriptor: Int32, outputDescriptor: Int32, armored: Bool) throws {
        var cipher: gpgme_data_t?
        try GPGME.check(gpgme_data_new_from_fd(&cipher, outputDescriptor), "opening the output")
        defer { gpgme_data_release(cipher) }
        try encrypt(inputDescriptor: inputDescriptor, cipher: cipher, armored: armored)
    }

    private func encrypt(inputDescriptor: Int32, cipher: gpgme_data_t?, armored: Bool) throws {
        let ctx = try GPGME.context(home: home)
        defer { gpgme_release(ctx) }
        gpgme_set_armor(ctx, armored ? 1 : 0)
        let key = try Self.lookUp(ctx: ctx, fingerprint: fingerprint)
        defer { gpgme_key_unref(key) }
        try Self.checkUsable(key, fingerprint: fingerprint, userID: userID)
        var plain: gpgme_data_t?
        try GPGME.check(gpgme_data_new_from_fd(&plain, inputDescriptor), "opening the plaintext")
        defer { gpgme_data_release(plain) }
        var recipients: [gpgme_key_t?] = [key, nil]
        let status = recipients.withUnsafeMutableBufferPointer { buffer in
            gpgme_op_encrypt(ctx, buffer.baseAddress, GPGME_ENCRYPT_ALWAYS_TRUST, plain, cipher)
        }
        if let result = gpgme_op_encrypt_result(ctx), let invalid = result.pointee.invalid_recipients {
            let reason = invalid.pointee.reason != 0 ? GPGME.describe(invalid.pointee.reason) : "unusable"
            throw EncryptionError.gpgme(operation: "encrypting to \(fingerprint)", reason: reason)
        }
        try GPGME.check(status, "encrypting to \(fingerprint)")
    }

    private static func lookUp(ctx: OpaquePointer, fingerprint: String) throws -> gpgme_key_t {
        var key: gpgme_key_t?
        let error = gpgme_get_key(ctx, fingerprint, &key, 0)
        guard error == 0, let key else {
            throw EncryptionError.gpgme(
                operation: "finding the study key \(fingerprint)", reason: error == 0 ? "not in the key ring" : GPGME.describe(error))
        }
        return key
    }

    private static func firstUserID(_ key: gpgme_key_t) -> String {
        guard let uid = key.pointee.uids, let text = uid.pointee.uid else { return "no user ID" }
        return String(cString: text)
    }

    private static func checkUsable(_ key: gpgme_key_t, fingerprint: String, userID: String) throws {
        let k = key.pointee
        if k.revoked != 0 { throw EncryptionError.keyRevoked(fingerprint: fingerprint, userID: userID) }
        if k.expired != 0 { throw EncryptionError.keyExpired(fingerprint: fingerprint, userID: userID) }
        if k.disabled != 0 || k.invalid != 0 { throw EncryptionError.keyUnusable(fingerprint: fingerprint, userID: userID) }
        var sub = k.subkeys
        var encryptionSubkeys = 0, expired = 0, revoked = 0
        while let s = sub {
            if s.pointee.can_encrypt != 0 {
                encryptionSubkeys += 1
                if s.pointee.expired != 0 {
                    expired += 1
                } else if s.pointee.revoked != 0 {
                    revoked += 1
                } else if s.pointee.disabled == 0 && s.pointee.invalid == 0 {
                    return
                }
            }
            sub = s.pointee.next
        }
        if encryptionSubkeys > 0 && expired == encryptionSubkeys { throw EncryptionError.keyExpired(fingerprint: fingerprint, userID: userID) }
        if encryptionSubkeys > 0 && revoked + expired == encryptionSubkeys {
            throw EncryptionError.keyRevoked(fingerprint: fingerprint, userID: userID)
        }
        throw EncryptionError.cannotEncrypt(fingerprint: fingerprint, userID: userID)
    }
}

/// Where GPGME writes the encrypted bytes: passes them on to a file and hashes them on the way, so the
/// catalog's SHA-256 needs no second read of a large file. Used only by the one thread running the
/// encryption.
private final class HashingSink {
    let descriptor: Int32
    var digest = SHA256()
    var size: Int64 = 0
    var error: Int32 = 0

    init(descriptor: Int32) { self.descriptor = descriptor }

    func write(_ buffer: UnsafeRawPointer, _ count: Int) -> Int {
        var offset = 0
        while offset < count {
            let n = Glibc.write(descriptor, buffer + offset, count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                error = errno
                return -1
            }
            offset += n
        }
        digest.update(UnsafeRawBufferPointer(start: buffer, count: count))
        size += Int64(count)
        return count
    }
}
