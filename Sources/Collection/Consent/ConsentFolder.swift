import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Where consent records and PDFs are decrypted to when the experimenter asks for them
/// (`--with-consent`): owner-only (0700), never inside the dataset, each file named by the
/// participant's UUID only, so no name appears in a file name.
struct ConsentFolder: Sendable {
    /// The folder.
    let url: URL

    /// Where a participant's consent record or PDF goes: `<participant UUID>.json` or `.pdf` (the
    /// uploaded name's extension without the sealing's).
    func file(participant: String, name: String) -> URL {
        var plain = name
        for suffix in [".gpg", ".asc", ".pgp"] where plain.hasSuffix(suffix) { plain = String(plain.dropLast(suffix.count)) }
        let ext = (plain as NSString).pathExtension
        return url.appendingPathComponent(participant.uppercased() + (ext.isEmpty ? "" : "." + ext))
    }

    /// Creates the folder 0700 when missing and makes an existing one owner-only.
    func makePrivate() throws {
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw CollectionError.io(path: url.path, reason: error.localizedDescription)
        }
        guard chmod(url.path, 0o700) == 0 else {
            throw CollectionError.io(path: url.path, reason: String(cString: strerror(errno)))
        }
    }
}
