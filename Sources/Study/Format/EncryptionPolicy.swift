/// Whether stored files are encrypted, and to whom.
public struct EncryptionPolicy: Sendable, Hashable, Codable {
    /// The encryption used.
    public var mode: EncryptionMode
    /// OpenPGP recipients (key fingerprints or key file paths relative to the study folder).
    public var recipients: [String]

    /// Creates a policy.
    public init(mode: EncryptionMode, recipients: [String]) {
        self.mode = mode
        self.recipients = recipients
    }
}
