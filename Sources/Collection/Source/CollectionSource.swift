public import Foundation
public import Transfer
import Storage

#if canImport(Glibc)
import Glibc
#endif

/// Where a study's uploads are read from: the WebDAV folder the participants' devices upload into
/// (with an account that may read: GET and PROPFIND), or a local copy of it (a folder of participant
/// folders, e.g. synced by the lab's own tools). Both list the same way: participant folders holding
/// items and the manifests beside them.
package enum CollectionSource: Sendable {
    /// The WebDAV folder at `base`, read with `credentials`.
    case webdav(base: String, credentials: Credentials?, connection: ConnectionSettings)
    /// A local folder.
    case folder(URL)

    /// A reader of the source; the WebDAV one keeps one connection until ``CollectionReader/close()``.
    func reader() throws -> CollectionReader {
        switch self {
        case .webdav(let base, let credentials, let connection):
            .webdav(try WebDAVClient(base: base, credentials: credentials, connection: connection, keepingConnection: true))
        case .folder(let url):
            .folder(url)
        }
    }
}

/// Lists and fetches from a ``CollectionSource``: one kept-alive connection to a server, so the
/// number of connections is bounded (one), however many files a study has.
enum CollectionReader: Sendable {
    case webdav(WebDAVClient)
    case folder(URL)

    /// The entries of the folder at `path` (below the source's root), within `limits`. A server's
    /// failure is thrown as the ``TransferError`` it is (the collector tells what may pass from what
    /// needs a person); a local folder that cannot be read is ``CollectionError/noSource(_:)``.
    func list(_ path: [String], limits: WebDAVClient.ListingLimits) async throws -> [RemoteEntry] {
        switch self {
        case .webdav(let client):
            return try await client.list(path, limits: limits)
        case .folder(let root):
            let folder = path.reduce(root) { $0.appendingPathComponent($1) }
            let names: [String]
            do { names = try FileManager.default.contentsOfDirectory(atPath: folder.path) } catch {
                throw CollectionError.noSource("\(folder.path): \(error.localizedDescription)")
            }
            guard names.count <= limits.entries else {
                throw TransferError.tooLarge("a folder of more than \(limits.entries) entries", method: "list", path: folder.path)
            }
            return names.compactMap { name in
                var st = stat()
                guard stat(folder.appendingPathComponent(name).path, &st) == 0 else { return nil }
                let isFolder = (st.st_mode & 0o170000) == 0o040000  // S_IFMT, S_IFDIR
                // A local file's "ETag": its modification time, size and inode, as web servers make theirs.
                let tag = "\"\(st.st_mtim.tv_sec).\(st.st_mtim.tv_nsec)-\(st.st_size)-\(st.st_ino)\""
                let modified = HTTPDate.string(Date(timeIntervalSince1970: TimeInterval(st.st_mtim.tv_sec)))
                return RemoteEntry(
                    name: name, isFolder: isFolder, size: isFolder ? nil : Int64(st.st_size), etag: isFolder ? nil : tag, lastModified: modified)
            }
        }
    }

    /// Fetches the file at `path` into `file` (whole or absent; a partial download resumes), at
    /// most `limit` bytes: a longer one is ``TransferError/Code/tooLarge`` and leaves nothing.
    func fetch(_ path: [String], to file: URL, etag: String?, size: Int64?, limit: Int64) async throws -> Int64 {
        switch self {
        case .webdav(let client):
            return try await client.download(path, to: file, etag: etag, expectedSize: size.map { min($0, limit) }, limit: limit).size
        case .folder(let root):
            let source = path.reduce(root) { $0.appendingPathComponent($1) }
            var st = stat()
            if stat(source.path, &st) == 0, Int64(st.st_size) > limit {
                throw TransferError.tooLarge("more than \(limit) bytes", method: "copy", path: source.path)
            }
            let partial = URL(fileURLWithPath: file.path + ".partial")
            try? FileManager.default.removeItem(at: partial)
            do {
                try FileManager.default.copyItem(at: source, to: partial)
                try AtomicFile.commit(partial, to: file)
            } catch {
                try? FileManager.default.removeItem(at: partial)
                throw TransferError.localFile(path: file.path, reason: "\(error)", errno: DiskSpace.errno(of: error))
            }
            let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
            return (attributes[.size] as? NSNumber)?.int64Value ?? 0
        }
    }

    /// Closes the connection.
    func close() {
        if case .webdav(let client) = self { client.close() }
    }
}
