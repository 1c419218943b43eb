/// The study file's `encryption` setting: whether the study requires its files encrypted, and to
/// whom. The device's own encryption configuration (key file, pinned fingerprint, when to seal) is
/// Storage's `EncryptionPolicy`; `run` refuses a study that requires encryption the device lacks.
package struct EncryptionRequirement: Sendable, Hashable, Codable {
    /// The encryption scheme required (JSON key `mode`).
    package var scheme: EncryptionScheme
    /// OpenPGP recipients (key fingerprints or key file paths relative to the study folder).
    package var recipients: [String]

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
