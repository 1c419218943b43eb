/// Whether an item's file on disk is plaintext or OpenPGP-encrypted.
public enum EncryptionState: String, Sendable, Codable, CaseIterable {
    /// The file on disk is plaintext.
    case none
    /// The file on disk is an OpenPGP message (binary, `.gpg`).
    case openpgp
    /// The file on disk is an ASCII-armoured OpenPGP message (`.asc`).
    case openpgpArmored = "openpgp-armored"
}
