/// Whether an item's file on disk is plaintext or OpenPGP-encrypted.
public enum EncryptionState: String, Sendable, Codable, CaseIterable {
    /// The file on disk is plaintext.
    case none
    /// The file on disk is an OpenPGP message (binary, `.gpg`).
    case openpgp
    /// The file on disk is an ASCII-armoured OpenPGP message (`.asc`).
    case openpgpArmored = "openpgp-armored"

    /// The file name extension of a file in this state (`gpg`, `asc`); `nil` for plaintext. The one
    /// place that ties extensions to states: sealing, recovery and file naming all ask here.
    public var fileExtension: String? {
        switch self {
        case .none: nil
        case .openpgp: "gpg"
        case .openpgpArmored: "asc"
        }
    }

    /// The extensions of encrypted files, `gpg` and `asc`.
    public static let encryptedExtensions: [String] = allCases.compactMap(\.fileExtension)

    /// The state a file's extension (`x.h5.gpg` → `gpg`) says it is in.
    public init(fileExtension: String) {
        self = Self.allCases.first { $0.fileExtension == fileExtension } ?? .none
    }
}
