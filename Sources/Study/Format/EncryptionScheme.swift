/// Which encryption scheme a study requires for its files (the study file's `encryption.mode`).
///
/// Not to be confused with Storage's `EncryptionMode`, the device's choice of *when* to encrypt
/// (`none`, `at-rest`, `at-upload`): a study requiring `openpgp` needs a device whose mode is not `none`.
package enum EncryptionScheme: String, Sendable, Hashable, Codable, CaseIterable {
    /// Files are stored in plain form.
    case none
    /// Files are encrypted with OpenPGP while they are written.
    case openpgp
}
