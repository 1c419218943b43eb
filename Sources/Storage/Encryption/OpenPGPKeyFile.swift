import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Looks at a key file's bytes before anything is imported, so a secret key never enters the device's
/// key ring.
enum OpenPGPKeyFile {
    /// The checks before a public key file is imported into the key ring `home`, for encrypting to it
    /// and for checking signatures by it alike: `pinned` is a fingerprint (40 or 64 hex digits), the
    /// file is readable and holds no secret key, and `home` exists owner-only with gpg-agent's
    /// autostart forbidden. Returns the normalised fingerprint and the file's bytes.
    static func prepare(keyFile: URL, pinned: String, home: URL) throws -> (fingerprint: String, bytes: Data) {
        let expected = normalize(pinned)
        guard expected.count == 40 || expected.count == 64 else {
            throw EncryptionError.notConfigured("the pinned fingerprint \"\(pinned)\" is not 40 (or 64) hex digits")
        }
        let bytes: Data
        do {
            bytes = try Data(contentsOf: keyFile)
        } catch {
            throw EncryptionError.keyFileUnreadable(path: keyFile.path, reason: (error as NSError).localizedDescription)
        }
        if containsSecretKey(bytes) { throw EncryptionError.secretKeyFile(path: keyFile.path) }
        do {
            try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            chmod(home.path, 0o700)
            try OpenPGPEncryptor.forbidAgentAutostart(in: home)
        } catch {
            throw EncryptionError.io(path: home.path, reason: "cannot create the key ring folder")
        }
        return (expected, bytes)
    }

    /// True when the file holds secret key material: an armoured `PRIVATE KEY BLOCK`, or a binary
    /// packet stream whose first packet is a secret key (tag 5) or secret subkey (tag 7).
    static func containsSecretKey(_ data: Data) -> Bool {
        if let text = String(data: data.prefix(64 * 1024), encoding: .utf8), text.contains("-----BEGIN PGP ") {
            return text.contains("-----BEGIN PGP PRIVATE KEY BLOCK-----")
        }
        guard let first = data.first, first & 0x80 != 0 else { return false }
        let tag = first & 0x40 != 0 ? first & 0x3f : (first & 0x3f) >> 2
        return tag == 5 || tag == 7
    }

    /// A fingerprint reduced to uppercase hex digits, for comparison.
    static func normalize(_ fingerprint: String) -> String {
        String(fingerprint.uppercased().filter { $0.isHexDigit })
    }
}
