public import Storage

/// The encryption part of the transfer configuration: the storage ``EncryptionPolicy`` plus whether
/// plaintext may ever be mailed.
public struct EncryptionSettings: Sendable, Codable, Equatable {
    /// `none`, `at-rest` or `at-upload`.
    public var mode: EncryptionMode
    /// The study's public key file.
    public var keyFile: String?
    /// The key's pinned fingerprint.
    public var fingerprint: String?
    /// ASCII-armoured `.asc` instead of binary `.gpg`.
    public var armored: Bool
    /// Allow mailing unencrypted files (only meaningful with mode `none`; default false).
    public var allowPlaintextEmail: Bool

    /// Settings; by default nothing is encrypted and nothing unencrypted is mailed.
    public init(mode: EncryptionMode = .none, keyFile: String? = nil, fingerprint: String? = nil, armored: Bool = false, allowPlaintextEmail: Bool = false) {
        self.mode = mode
        self.keyFile = keyFile
        self.fingerprint = fingerprint
        self.armored = armored
        self.allowPlaintextEmail = allowPlaintextEmail
    }

    private enum CodingKeys: String, CodingKey { case mode, keyFile, fingerprint, armored, allowPlaintextEmail }

    /// Decodes the settings; missing fields take the defaults.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        mode = try c.decodeIfPresent(EncryptionMode.self, forKey: .mode) ?? .none
        keyFile = try c.decodeIfPresent(String.self, forKey: .keyFile)
        fingerprint = try c.decodeIfPresent(String.self, forKey: .fingerprint)
        armored = try c.decodeIfPresent(Bool.self, forKey: .armored) ?? false
        allowPlaintextEmail = try c.decodeIfPresent(Bool.self, forKey: .allowPlaintextEmail) ?? false
    }

    /// The storage policy these settings describe.
    public var policy: EncryptionPolicy {
        EncryptionPolicy(mode: mode, keyFile: keyFile, fingerprint: fingerprint, armored: armored)
    }
}
