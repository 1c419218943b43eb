public import Foundation

extension WebDAVClient {
    /// The outcome of creating a folder.
    public enum FolderResult: Sendable, Equatable {
        /// The server created it (201).
        case created
        /// It was already there (405).
        case existed
    }

    /// The outcome of an upload.
    public enum UploadResult: Sendable, Equatable {
        /// The server stored the file (201 or 204).
        case stored
        /// A file with that name exists; nothing was overwritten (412).
        case exists
    }

    /// What PROPFIND told about a remote file.
    public enum RemoteSize: Sendable, Equatable {
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
    public struct Validators: Sendable, Codable, Equatable {
        /// The entity tag, if the server sent one.
        public var etag: String?
        /// The Last-Modified date as the server wrote it.
        public var lastModified: String?

        /// Validators from a response.
        public init(etag: String?, lastModified: String?) {
            self.etag = etag
            self.lastModified = lastModified
        }
    }

    /// A file downloaded to disk (``WebDAVClient/download(_:to:etag:expectedSize:progress:)``).
    public struct Download: Sendable, Equatable {
        /// The file's size in bytes.
        public var size: Int64
        /// The ETag the server sent with it, if any.
        public var etag: String?
        /// How many bytes an earlier, interrupted download had already brought (0 when it came whole).
        public var resumedFrom: Int64
    }

    /// The outcome of a conditional download.
    public enum FetchResult: Sendable, Equatable {
        /// New content and its validators.
        case content(Data, Validators)
        /// Unchanged since the validators given.
        case notModified
        /// No such file.
        case missing
    }
}
