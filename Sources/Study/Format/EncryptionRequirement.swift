/// The study file's `encryption` setting: whether the study requires its files encrypted, and to
/// whom. The device's own encryption configuration (key file, pinned fingerprint, when to seal) is
/// Storage's `EncryptionPolicy`; `run` refuses a study that requires encryption the device lacks.
package struct EncryptionRequirement: Sendable, Hashable, Codable {
    /// The encryption scheme required (JSON key `mode`).
    package var scheme: EncryptionScheme
    /// OpenPGP recipients: key fingerprints (40 or 64 hex digits, spaces allowed) or public key files,
    /// relative to the study folder as written and resolved against it when the study is loaded. The
    /// device's key (its `transfer.json`) must be one of them, or the lab could not decrypt what the
    /// device uploads.
    package var recipients: [String]

    /// The recipients given as fingerprints (``OpenPGPFingerprint``), as upper-case hex digits.
    package var recipientFingerprints: [String] { recipients.compactMap(OpenPGPFingerprint.parse) }

    /// The recipients given as key files (every entry that is no fingerprint).
    package var recipientKeyFiles: [String] { recipients.filter { OpenPGPFingerprint.parse($0) == nil } }

    /// Creates a requirement.
    package init(scheme: EncryptionScheme, recipients: [String]) {
        self.scheme = scheme
        self.recipients = recipients
    }

    private enum CodingKeys: String, CodingKey {
        case scheme = "mode"
        case recipients
    }
}
