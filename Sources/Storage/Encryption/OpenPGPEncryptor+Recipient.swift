package import Foundation

extension OpenPGPEncryptor {
    /// Whether the public key file `keyFile` holds the key `fingerprint` (40 or 64 hex digits), an
    /// encryption key that can be used: the file is imported into a key ring of its own, made for the
    /// question and removed after it, never into the device's. Throws when the file cannot be read,
    /// holds a secret key or no key, or when it holds the key but the key cannot encrypt. Blocks
    /// (GPGME): call it on a ``DataSources/BlockingExecutor``.
    ///
    /// A study names the keys the lab decrypts with (its `encryption.recipients`); a device encrypting
    /// to any other key would upload what nobody in the lab can read.
    package static func keyFile(_ keyFile: URL, holds fingerprint: String) throws -> Bool {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("study-recorder-key-check-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        do {
            _ = try OpenPGPEncryptor(keyFile: keyFile, fingerprint: fingerprint, home: home)
            return true
        } catch EncryptionError.fingerprintMismatch {
            return false
        }
    }
}
