/// Why data could not be encrypted. Every case names the key (file and fingerprint) so the study team
/// knows what to fix; none of them crashes the program, and with encryption required nothing is sent
/// in the clear instead.
package enum EncryptionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The policy requires encryption but names no key file or fingerprint.
    case notConfigured(String)
    /// The key file does not exist or cannot be read.
    case keyFileUnreadable(path: String, reason: String)
    /// The key file holds a secret key: the device must only ever hold the study's public key.
    case secretKeyFile(path: String)
    /// The key file holds no OpenPGP key at all.
    case noKeyInFile(path: String)
    /// The key file does not contain the key whose fingerprint the configuration pins.
    case fingerprintMismatch(path: String, expected: String, found: [String])
    /// The key has expired.
    case keyExpired(fingerprint: String, userID: String)
    /// The key has been revoked.
    case keyRevoked(fingerprint: String, userID: String)
    /// The key is disabled or invalid.
    case keyUnusable(fingerprint: String, userID: String)
    /// The key has no (valid) encryption subkey, e.g. a signing-only key.
    case cannotEncrypt(fingerprint: String, userID: String)
    /// GPGME or gpg failed.
    case gpgme(operation: String, reason: String)
    /// Reading the plaintext or writing the encrypted file failed.
    case io(path: String, reason: String)

    /// A one-line explanation for the terminal or a log (never a secret).
    package var description: String {
        switch self {
        case .notConfigured(let why): "encryption is required but not configured: \(why)"
        case .keyFileUnreadable(let path, let reason): "cannot read the study key file \(path): \(reason)"
        case .secretKeyFile(let path):
            "the study key file \(path) contains a SECRET key; give the device the public key only (gpg --export --armor FPR)"
        case .noKeyInFile(let path): "the study key file \(path) contains no OpenPGP key"
        case .fingerprintMismatch(let path, let expected, let found):
            "the study key file \(path) does not hold the pinned key \(expected) (it holds \(found.isEmpty ? "none" : found.joined(separator: ", ")))"
        case .keyExpired(let fpr, let uid): "the study key \(fpr) (\(uid)) has expired"
        case .keyRevoked(let fpr, let uid): "the study key \(fpr) (\(uid)) has been revoked"
        case .keyUnusable(let fpr, let uid): "the study key \(fpr) (\(uid)) is disabled or invalid"
        case .cannotEncrypt(let fpr, let uid): "the study key \(fpr) (\(uid)) cannot encrypt (no valid encryption subkey; a signing-only key?)"
        case .gpgme(let op, let reason): "OpenPGP \(op) failed: \(reason)"
        case .io(let path, let reason): "\(path): \(reason)"
        }
    }
}
