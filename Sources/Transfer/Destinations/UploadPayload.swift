public import Foundation
public import Storage

/// One item made ready to leave the device: the file that goes out (already encrypted when the policy
/// says so) and the name it goes under.
public struct UploadPayload: Sendable, Equatable {
    /// The item's catalog id.
    public var itemID: String
    /// The participant's pseudonym (UUID), the folder the item belongs in.
    public var participant: String
    /// What kind of item it is.
    public var kind: ItemKind
    /// The file to send (the stored file, or an encrypted copy in the private outbox); not read when
    /// ``content`` holds the bytes.
    public var file: URL
    /// The file name it goes under (pseudonymous, like every stored name).
    public var name: String
    /// The file's size in bytes.
    public var size: Int64
    /// Whether the file is OpenPGP-encrypted.
    public var encrypted: Bool
    /// The bytes to send, when they are in memory instead of in ``file``: an item's plaintext
    /// manifest, made just before it is sent (writing it to a file only to read it back cost a file
    /// truncation per item).
    public var content: Data?

    /// A payload.
    public init(
        itemID: String, participant: String, kind: ItemKind, file: URL, name: String, size: Int64, encrypted: Bool, content: Data? = nil
    ) {
        self.itemID = itemID
        self.participant = participant
        self.kind = kind
        self.file = file
        self.name = name
        self.size = size
        self.encrypted = encrypted
        self.content = content
    }

    /// The bytes to send: ``content``, or the file's.
    public func bytes() throws -> Data {
        if let content { return content }
        return try Data(contentsOf: file)
    }
}
