public import Foundation

extension WebDAVClient {
    /// The outcome of creating a folder.
    package enum FolderResult: Sendable, Equatable {
        /// The server created it (201).
        case created
        /// It was already there (405).
        case existed
    }

    /// The outcome of an upload.
    package enum UploadResult: Sendable, Equatable {
        /// The server stored the file (201 or 204).
        case stored
        /// A file with that name exists; nothing was overwritten (412).
        case exists
    }

    /// What PROPFIND told about a remote file.
    package enum RemoteSize: Sendable, Equatable {
        /// The file exists with this size.
        case size(Int64)
        /// The file does not exist.
        case missing
        /// The account may not list (upload-only), so nothing is known.
        case notAllowed
        /// The server answered without a size (or with a success that is no multistatus).
        case unknown
    }

    /// ETag and Last-Modified of a download, to ask next time only for something newer.
    package struct Validators: Sendable, Codable, Equatable {
        /// The entity tag, if the server sent one.
        package var etag: String?
        /// The Last-Modified date as the server wrote it.
        package var lastModified: String?

        /// Validators from a response.
        package init(etag: String?, lastModified: String?) {
            self.etag = etag
            self.lastModified = lastModified
        }
    }

    /// A file downloaded to disk (``WebDAVClient/download(_:to:etag:expectedSize:progress:)``).
    package struct Download: Sendable, Equatable {
        /// The file's size in bytes.
        package var size: Int64
        /// The ETag the server sent with it, if any.
        package var etag: String?
        /// How many bytes an earlier, interrupted download had already brought (0 when it came whole).
        package var resumedFrom: Int64
    }

    /// The outcome of a conditional download.
    package enum FetchResult: Sendable, Equatable {
        /// New content and its validators.
        case content(Data, Validators)
        /// Unchanged since the validators given.
        case notModified
        /// No such file.
        case missing
    }
}
