/// When a study's data are encrypted to its OpenPGP public key.
package enum EncryptionMode: String, Sendable, Codable, CaseIterable {
    /// Never encrypted: files are stored and uploaded in the clear (only for studies that explicitly
    /// choose it, e.g. tests or a server on the same trusted network).
    case none
    /// Encrypted as soon as an item is finalized: the plaintext is removed and only the OpenPGP file
    /// stays on the device (see ``Sealer``).
    case atRest = "at-rest"
    /// Stored in the clear on the device; an encrypted copy is made for each transfer and removed after it.
    case atUpload = "at-upload"
}
