import Foundation

/// How a study's data are protected: the mode, the study's public key file, the key's pinned
/// fingerprint, and the output format.
///
/// The fingerprint is pinned in the study's configuration so that a swapped key file (someone else's
/// key) is refused instead of silently used.
package struct EncryptionPolicy: Sendable, Codable, Equatable {
    /// When encryption happens.
    package var mode: EncryptionMode
    /// The study's OpenPGP public key (armoured or binary), required unless ``mode`` is `none`.
    package var keyFile: String?
    /// The key's fingerprint (40 hex digits; spaces allowed), required unless ``mode`` is `none`.
    package var fingerprint: String?
    /// ASCII-armoured output (`.asc`) instead of binary OpenPGP (`.gpg`, the default).
    package var armored: Bool

    /// A policy; with the defaults, nothing is encrypted.
    package init(mode: EncryptionMode = .none, keyFile: String? = nil, fingerprint: String? = nil, armored: Bool = false) {
        self.mode = mode
        self.keyFile = keyFile
        self.fingerprint = fingerprint
        self.armored = armored
    }

    /// The file name extension of encrypted files under this policy (`gpg` or `asc`).
    package var fileExtension: String { encryptionState.fileExtension ?? "gpg" }

    /// The catalog's encryption state of files encrypted under this policy.
    package var encryptionState: EncryptionState { armored ? .openpgpArmored : .openpgp }

    /// True when data must be encrypted before they leave the device.
    package var requiresEncryption: Bool { mode != .none }

    private enum CodingKeys: String, CodingKey { case mode, keyFile, fingerprint, armored }

    /// Decodes a policy; missing fields take the defaults.
    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        mode = try c.decodeIfPresent(EncryptionMode.self, forKey: .mode) ?? .none
        keyFile = try c.decodeIfPresent(String.self, forKey: .keyFile)
        fingerprint = try c.decodeIfPresent(String.self, forKey: .fingerprint)
        armored = try c.decodeIfPresent(Bool.self, forKey: .armored) ?? false
    }
}
