import CGPGME
import Foundation
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
public struct OpenPGPEncryptor: Sendable {
    /// The key ring folder gpg uses.
    public let home: URL
    /// The study key's fingerprint (uppercase hex).
    public let fingerprint: String
    /// The key's first user ID, for messages.
    public let userID: String

    /// Imports `keyFile` into the key ring at `home` (created 0700 when missing) and checks the key with
    /// the pinned `fingerprint`.
    public init(keyFile: URL, fingerprint pinned: String, home: URL) throws {
        let expected = OpenPGPKeyFile.normalize(pinned)
        guard expected.count == 40 || expected.count == 64 else {
            throw EncryptionError.notConfigured("the pinned fingerprint \"\(pinned)\" is not 40 (or 64) hex digits")
        }
        let bytes: Data
        do {
            bytes = try Data(contentsOf: keyFile)
        } catch {
            throw EncryptionError.keyFileUnreadable(path: keyFile.path, reason: (error as NSError).localizedDescription)
        }
        if OpenPGPKeyFile.containsSecretKey(bytes) { throw EncryptionError.secretKeyFile(path: keyFile.path) }
        do {
            try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            chmod(home.path, 0o700)
        } catch {
            throw EncryptionError.io(path: home.path, reason: "cannot create the key ring folder")
        }
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

    /// Encrypts the file at `source` into a new file at `destination` (mode 0600, replaced if present),
    /// streaming, and fsyncs it. Binary OpenPGP unless `armored`.
    public func encrypt(_ source: URL, to destination: URL, armored: Bool) throws {
        let input = open(source.path, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw EncryptionError.io(path: source.path, reason: String(cString: strerror(errno))) }
        defer { close(input) }
        let output = open(destination.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard output >= 0 else { throw EncryptionError.io(path: destination.path, reason: String(cString: strerror(errno))) }
        var closed = false
        defer { if !closed { close(output) } }
        do {
            try encrypt(inputDescriptor: input, outputDescriptor: output, armored: armored)
            guard fsync(output) == 0 else { throw EncryptionError.io(path: destination.path, reason: String(cString: strerror(errno))) }
            closed = true
            guard close(output) == 0 else { throw EncryptionError.io(path: destination.path, reason: String(cString: strerror(errno))) }
        } catch {
            unlink(destination.path)
            throw error
        }
    }

    /// Encrypts everything readable from `inputDescriptor` and writes the OpenPGP message to
    /// `outputDescriptor`. Neither descriptor is closed.
    public func encrypt(inputDescriptor: Int32, outputDescriptor: Int32, armored: Bool) throws {
        let ctx = try GPGME.context(home: home)
        defer { gpgme_release(ctx) }
        gpgme_set_armor(ctx, armored ? 1 : 0)
        let key = try Self.lookUp(ctx: ctx, fingerprint: fingerprint)
        defer { gpgme_key_unref(key) }
        try Self.checkUsable(key, fingerprint: fingerprint, userID: userID)
        var plain: gpgme_data_t?
        var cipher: gpgme_data_t?
        try GPGME.check(gpgme_data_new_from_fd(&plain, inputDescriptor), "opening the plaintext")
        defer { gpgme_data_release(plain) }
        try GPGME.check(gpgme_data_new_from_fd(&cipher, outputDescriptor), "opening the output")
        defer { gpgme_data_release(cipher) }
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
            throw EncryptionError.gpgme(operation: "finding the study key \(fingerprint)", reason: error == 0 ? "not in the key ring" : GPGME.describe(error))
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
                if s.pointee.expired != 0 { expired += 1 } else if s.pointee.revoked != 0 { revoked += 1 } else if s.pointee.disabled == 0 && s.pointee.invalid == 0 {
                    return
                }
            }
            sub = s.pointee.next
        }
        if encryptionSubkeys > 0 && expired == encryptionSubkeys { throw EncryptionError.keyExpired(fingerprint: fingerprint, userID: userID) }
        if encryptionSubkeys > 0 && revoked + expired == encryptionSubkeys { throw EncryptionError.keyRevoked(fingerprint: fingerprint, userID: userID) }
        throw EncryptionError.cannotEncrypt(fingerprint: fingerprint, userID: userID)
    }
}
