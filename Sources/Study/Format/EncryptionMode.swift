/// The encryption applied to stored files.
public enum EncryptionMode: String, Sendable, Hashable, Codable, CaseIterable {
    /// Files are stored in plain form.
    case none
    /// Files are encrypted with OpenPGP while they are written.
    case openpgp
}
