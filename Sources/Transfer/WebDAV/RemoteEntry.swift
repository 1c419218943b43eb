/// One entry of a WebDAV folder as PROPFIND (Depth 1) lists it (``WebDAVClient/list(_:)``).
package struct RemoteEntry: Sendable, Equatable, Codable {
    /// The entry's name in the folder (percent-decoded, no slashes).
    package var name: String
    /// Whether it is a folder (a collection).
    package var isFolder: Bool
    /// The size in bytes, for a file whose server said it.
    package var size: Int64?
    /// The entity tag as the server gave it (strong `"…"` or weak `W/"…"`); it changes when the file does.
    package var etag: String?
    /// The Last-Modified date as the server wrote it.
    package var lastModified: String?

    /// An entry.
    package init(name: String, isFolder: Bool, size: Int64? = nil, etag: String? = nil, lastModified: String? = nil) {
        self.name = name
        self.isFolder = isFolder
        self.size = size
        self.etag = etag
        self.lastModified = lastModified
    }
}
