public import Foundation

/// A file to attach to a mail: streamed from disk and base64-encoded on the way out.
package struct MailAttachment: Sendable, Equatable {
    /// The file on disk.
    package var file: URL
    /// The file name shown to the recipient (pseudonymous, like every stored name).
    package var name: String
    /// The MIME type.
    package var contentType: String
    /// The file's size in bytes.
    package var size: Int64

    /// An attachment; the MIME type follows the name (`.gpg`/`.asc` → `application/pgp-encrypted`,
    /// `.h5` → `application/x-hdf5`, `.json` → `application/json`).
    package init(file: URL, name: String, size: Int64) {
        self.file = file
        self.name = name
        self.size = size
        let ext = (name as NSString).pathExtension.lowercased()
        contentType =
            switch ext {
            case "gpg", "asc": "application/pgp-encrypted"
            case "h5": "application/x-hdf5"
            case "json": "application/json"
            default: "application/octet-stream"
            }
    }

    /// The bytes this attachment adds to a message: base64 (4/3) in 76-character lines, plus part headers.
    package var encodedSize: Int {
        let base64 = (Int(size) + 2) / 3 * 4
        return base64 + base64 / 76 * 2 + 512
    }
}
