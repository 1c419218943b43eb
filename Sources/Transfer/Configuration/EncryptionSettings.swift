public import Storage

/// The `encryption` section of the transfer configuration: the storage ``EncryptionPolicy`` plus whether
/// plaintext may ever be mailed.
///
/// The JSON is flat, as it always was — `mode`, `keyFile`, `fingerprint`, `armored` (the policy's
/// fields, read by the policy's own decoder) next to `allowPlaintextEmail` — so the policy's fields and
/// defaults are stated once, in ``EncryptionPolicy``.
package struct EncryptionSettings: Sendable, Codable, Equatable {
    /// When and to which key data are encrypted, and in which output format.
    package var policy: EncryptionPolicy
    /// Allow mailing unencrypted files (only meaningful with mode `none`; default false).
    package var allowPlaintextEmail: Bool

    /// Settings; by default nothing is encrypted and nothing unencrypted is mailed.
    package init(policy: EncryptionPolicy = EncryptionPolicy(), allowPlaintextEmail: Bool = false) {
        self.policy = policy
        self.allowPlaintextEmail = allowPlaintextEmail
    }

    private enum CodingKeys: String, CodingKey { case allowPlaintextEmail }

    /// Decodes the settings from one flat object; missing fields take the defaults.
    package init(from decoder: any Decoder) throws {
        policy = try EncryptionPolicy(from: decoder)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        allowPlaintextEmail = try c.decodeIfPresent(Bool.self, forKey: .allowPlaintextEmail) ?? false
    }

    /// Encodes the settings as one flat object: the policy's fields, then `allowPlaintextEmail`.
    package func encode(to encoder: any Encoder) throws {
        try policy.encode(to: encoder)
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(allowPlaintextEmail, forKey: .allowPlaintextEmail)
    }
}
