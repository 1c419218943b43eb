import CGPGME
public import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Checks detached OpenPGP signatures (`gpg --detach-sign`) against one pinned key: the study
/// team's signing key, named by its key file and fingerprint. A signature counts only when it is
/// good, made by that key (or one of its subkeys), and neither the key nor the signature is
/// expired or revoked; everything else is refused with one line saying why.
///
/// The key is imported into a key ring of its own (`home`, created 0700), which holds no other
/// key, so a signature by any other key is "by an unknown key", whatever the user's own key ring
/// holds.
///
/// ```swift
/// let check = try OpenPGPSignatureCheck(keyFile: lab, fingerprint: "3F2A…", home: store.privateFolder().appendingPathComponent("signing"))
/// if let refusal = check.refusal(of: message, signature: sig) { warn(refusal) } else { show(message) }
/// ```
package struct OpenPGPSignatureCheck: Sendable {
    /// The key ring the key was imported into.
    package let home: URL
    /// The pinned fingerprint, normalised (upper-case hex).
    package let fingerprint: String

    /// Imports the public key in `keyFile` into `home` and checks that it is the key `fingerprint`
    /// pins. Throws ``EncryptionError`` naming the file when it cannot be read, holds a secret key,
    /// or holds another key.
    package init(keyFile: URL, fingerprint pinned: String, home: URL) throws {
        let (expected, bytes) = try OpenPGPKeyFile.prepare(keyFile: keyFile, pinned: pinned, home: home)
        self.home = home
        fingerprint = expected
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
        var found: [String] = []
        var status = result.pointee.imports
        while let s = status {
            if let fpr = s.pointee.fpr { found.append(OpenPGPKeyFile.normalize(String(cString: fpr))) }
            status = s.pointee.next
        }
        if found.isEmpty && result.pointee.considered == 0 { throw EncryptionError.noKeyInFile(path: keyFile.path) }
        guard found.contains(expected) else {
            throw EncryptionError.fingerprintMismatch(path: keyFile.path, expected: expected, found: Array(Set(found)).sorted())
        }
    }

    /// Why `signature` does not make `data` the pinned key's, in one line; `nil` when it does.
    package func refusal(of data: Data, signature: Data) -> String? {
        guard let ctx = try? GPGME.context(home: home) else { return "the signature cannot be checked: GnuPG is not usable" }
        defer { gpgme_release(ctx) }
        var sig: gpgme_data_t?
        var signed: gpgme_data_t?
        let made = signature.withUnsafeBytes { raw in
            gpgme_data_new_from_mem(&sig, raw.baseAddress?.assumingMemoryBound(to: CChar.self), raw.count, 1)
        }
        let madeText = data.withUnsafeBytes { raw in
            gpgme_data_new_from_mem(&signed, raw.baseAddress?.assumingMemoryBound(to: CChar.self), raw.count, 1)
        }
        defer {
            gpgme_data_release(sig)
            gpgme_data_release(signed)
        }
        guard made == 0, madeText == 0 else { return "the signature cannot be checked: out of memory" }
        let error = gpgme_op_verify(ctx, sig, signed, nil)
        guard error == 0 else { return "the signature cannot be read: \(GPGME.describe(error))" }
        guard let result = gpgme_op_verify_result(ctx), let first = result.pointee.signatures else { return "it holds no signature" }
        let s = first.pointee
        let signer = s.fpr.map { OpenPGPKeyFile.normalize(String(cString: $0)) } ?? "unknown"
        let summary = s.summary.rawValue
        if summary & GPGME_SIGSUM_KEY_REVOKED.rawValue != 0 { return "signed by a revoked key (\(signer))" }
        if summary & GPGME_SIGSUM_KEY_EXPIRED.rawValue != 0 { return "signed by an expired key (\(signer))" }
        if summary & GPGME_SIGSUM_SIG_EXPIRED.rawValue != 0 { return "the signature has expired" }
        if summary & GPGME_SIGSUM_KEY_MISSING.rawValue != 0 { return "signed by another key (\(signer)), not the study's \(fingerprint)" }
        if summary & GPGME_SIGSUM_RED.rawValue != 0 || s.status != 0 {
            return "the signature does not match the message (\(s.status != 0 ? GPGME.describe(s.status) : "bad signature"))"
        }
        // The signing (sub)key must belong to the pinned key: the ring holds only it.
        var key: gpgme_key_t?
        guard gpgme_get_key(ctx, signer, &key, 0) == 0, let key else { return "signed by another key (\(signer)), not the study's \(fingerprint)" }
        defer { gpgme_key_unref(key) }
        let primary = key.pointee.subkeys.flatMap { $0.pointee.fpr }.map { OpenPGPKeyFile.normalize(String(cString: $0)) }
        guard primary == fingerprint else { return "signed by another key (\(signer)), not the study's \(fingerprint)" }
        if key.pointee.expired != 0 { return "signed by an expired key (\(fingerprint))" }
        if key.pointee.revoked != 0 { return "signed by a revoked key (\(fingerprint))" }
        return nil
    }
}
