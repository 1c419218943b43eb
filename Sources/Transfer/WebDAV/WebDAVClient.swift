public import Foundation
import Storage

#if canImport(Glibc)
import Glibc
#endif

/// A small WebDAV client for the calls an upload-only or read-only account may make: MKCOL, PUT that
/// never overwrites (`If-None-Match: *`), PROPFIND of one file's size or of a folder's entries
/// (Depth 1), conditional GET, and GET streamed to a file that resumes a partial download (Range).
///
/// Bodies are streamed from disk, so a 1 GiB file needs no more memory than a small one. Credentials
/// go by HTTP Basic authentication (use HTTPS), never in the URL; redirects are not followed.
///
/// ```swift
/// let dav = try WebDAVClient(base: "https://dav.example.org/upload/", credentials: creds)
/// _ = try await dav.makeFolder(participant)
/// switch try await dav.upload(file: url, to: [participant, "r_rest_1_1_1_….h5.gpg"]) { … }
/// ```
package struct WebDAVClient: Sendable {
    /// The base URL, always ending in `/`.
    package let base: String
    /// The account, if the server needs one.
    package let credentials: Credentials?
    /// Certificate checks and time limits.
    package let connection: ConnectionSettings
    /// The session whose connection the requests share; without one, each request connects anew.
    let session: CurlSession?

    /// A client for the collection at `base` (http or https). A URL carrying a user or password is
    /// refused: credentials belong in the secrets file.
    package init(base: String, credentials: Credentials?, connection: ConnectionSettings = ConnectionSettings()) throws {
        try self.init(base: base, credentials: credentials, connection: connection, session: nil)
    }

    /// A client for `base` whose requests (and those of its copies) share one kept-alive connection,
    /// one request at a time, until ``close()``: a caller that wants at most N connections to a server
    /// makes N such clients.
    package init(base: String, credentials: Credentials?, connection: ConnectionSettings = ConnectionSettings(), keepingConnection: Bool) throws {
        try self.init(base: base, credentials: credentials, connection: connection, session: keepingConnection ? CurlSession(name: "webdav") : nil)
    }

    /// Closes the kept connection (``init(base:credentials:connection:keepingConnection:)``) after the
    /// requests already made; later requests are refused. Without one, nothing.
    package func close() { session?.close() }

    /// A client whose requests all go through `session` (one connection for a run).
    init(base: String, credentials: Credentials?, connection: ConnectionSettings, session: CurlSession?) throws {
        guard let components = URLComponents(string: base), let scheme = components.scheme?.lowercased(),
            scheme == "http" || scheme == "https", components.host?.isEmpty == false
        else {
            throw TransferError.configuration("not an http(s) URL: \(Self.redacted(base))")
        }
        guard components.user == nil && components.password == nil else {
            throw TransferError.configuration("the URL \(Self.redacted(base)) contains credentials; put them in the secrets file instead")
        }
        self.base = base.hasSuffix("/") ? base : base + "/"
        self.credentials = credentials
        self.connection = connection
        self.session = session
    }

    /// The URL of `path` (segments below the base, each percent-encoded).
    package func url(for path: [String]) -> String {
        base + path.map(Self.encode).joined(separator: "/")
    }

    /// Creates the folder `name` below the base. An existing folder (405) is fine.
    package func makeFolder(_ name: String) async throws -> FolderResult {
        let target = url(for: [name]) + "/"
        let response = try await request(method: "MKCOL", url: target)
        switch response.status {
        case 200..<300: return .created
        case 405: return .existed
        default: throw TransferError.http(status: response.status, method: "MKCOL", path: Self.path(of: target))
        }
    }

    /// Uploads `file` to `path`, streaming. Unless `overwrite`, the server is asked to refuse when the
    /// name exists (`If-None-Match: *`), which comes back as ``UploadResult/exists``. Any 2xx answer
    /// counts as stored: servers confirm a PUT with 201 (created), 204 (no content) or 200 (ok).
    package func upload(
        file: URL, to path: [String], overwrite: Bool = false, progress: (@Sendable (Int64, Int64) -> Void)? = nil
    ) async throws -> UploadResult {
        let fd = open(file.path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw TransferError.localFile(path: file.lastPathComponent, reason: String(cString: strerror(errno)), errno: errno) }
        defer { Glibc.close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else {
            throw TransferError.localFile(path: file.lastPathComponent, reason: String(cString: strerror(errno)), errno: errno)
        }
        let size = Int64(st.st_size)
        return try await put(to: path, size: size, overwrite: overwrite) { easy in easy.upload(descriptor: fd, size: size, progress: progress) }
    }

    /// Uploads `data` to `path` from memory, with the same condition and answers as
    /// ``upload(file:to:overwrite:progress:)``: for a small body made on the spot (an item's
    /// manifest), which then needs no file written and read back.
    package func upload(_ data: Data, to path: [String], overwrite: Bool = false) async throws -> UploadResult {
        try await put(to: path, size: Int64(data.count), overwrite: overwrite) { easy in easy.upload(data: data) }
    }

    /// One PUT of `size` bytes to `path`, the body set up by `body`.
    private func put(to path: [String], size: Int64, overwrite: Bool, body: @escaping @Sendable (CurlEasy) -> Void) async throws -> UploadResult {
        let target = url(for: path)
        let connection = connection, credentials = credentials
        var headers = ["Content-Type: application/octet-stream"]
        if !overwrite { headers.append("If-None-Match: *") }
        // `Expect: 100-continue` lets a server refuse a large body before it is sent; for a small one
        // the extra round trip costs more than sending it.
        if size < 1 << 20 { headers.append("Expect:") }
        let response = try await perform { [headers] easy in
            easy.url(target, protocols: "http,https")
            easy.connection(connection)
            easy.credentials(credentials)
            easy.headers(headers)
            easy.responseLimit(64 * 1024)
            body(easy)
        }
        switch response.status {
        case 200..<300: return .stored
        case 412: return .exists
        default: throw TransferError.http(status: response.status, method: "PUT", path: Self.path(of: target))
        }
    }

    /// Sends `data` to `path` with `If-None-Match: *` and returns the server's status as it is: the
    /// probe (``ConditionalPutProbe``) tells 201 (created) from 200/204 (replaced) and 412 (refused).
    func putConditionally(_ data: Data, to path: [String]) async throws -> Int {
        try await request(
            method: "PUT", url: url(for: path), headers: ["Content-Type: text/plain", "If-None-Match: *", "Expect:"], body: data
        ).status
    }

    /// The size of the remote file at `path` by PROPFIND, `nil` when it does not exist, or
    /// ``RemoteSize/notAllowed`` when the account may not list (an upload-only account).
    package func size(of path: [String]) async throws -> RemoteSize {
        let target = url(for: path)
        let body = Data(
            """
            <?xml version="1.0" encoding="utf-8"?>
            <d:propfind xmlns:d="DAV:"><d:prop><d:getcontentlength/></d:prop></d:propfind>
            """.utf8)
        let response = try await request(method: "PROPFIND", url: target, headers: ["Depth: 0", "Content-Type: application/xml"], body: body)
        switch response.status {
        case 207:
            guard let size = PropfindParser.contentLength(response.body) else { return .unknown }
            return .size(size)
        case 200..<300: return .unknown  // a 2xx that is no multistatus tells nothing
        case 404: return .missing
        case 401, 403, 405, 501: return .notAllowed
        default: throw TransferError.http(status: response.status, method: "PROPFIND", path: Self.path(of: target))
        }
    }

    /// The entries of the folder at `path` (PROPFIND, Depth 1), without the folder itself: each
    /// file's name, size, ETag and Last-Modified, and the subfolders. Throws ``TransferError`` with the
    /// status for a missing folder (404) or an account that may not list (401, 403), and
    /// ``TransferError/Code/tooLarge`` for an answer past `limits` (cut off there: a server that
    /// answers without end holds neither memory nor the caller).
    ///
    /// A name is the last segment of its `href`, percent-decoded: it may hold anything (a `/`, a
    /// control character), so a caller that makes file names of it checks it first.
    package func list(_ path: [String], limits: ListingLimits = ListingLimits()) async throws -> [RemoteEntry] {
        let target = url(for: path) + (path.isEmpty ? "" : "/")
        let body = Data(
            """
            <?xml version="1.0" encoding="utf-8"?>
            <d:propfind xmlns:d="DAV:"><d:prop><d:resourcetype/><d:getcontentlength/><d:getetag/><d:getlastmodified/></d:prop></d:propfind>
            """.utf8)
        let connection = connection, credentials = credentials
        let response: CurlResponse
        do {
            response = try await perform { easy in
                easy.url(target, protocols: "http,https")
                easy.connection(connection)
                easy.credentials(credentials)
                easy.method("PROPFIND")
                easy.headers(["Depth: 1", "Content-Type: application/xml"])
                easy.responseLimit(limits.bytes, strict: true)
                if let seconds = limits.seconds { easy.timeLimit(seconds) }
                easy.body(body)
            }
        } catch let error as TransferError where error.code == .tooLarge {
            throw TransferError.tooLarge("a listing longer than \(limits.bytes) bytes; cut off there", method: "PROPFIND", path: Self.path(of: target))
        }
        guard response.status == 207 else {
            throw TransferError.http(status: response.status, method: "PROPFIND", path: Self.path(of: target))
        }
        let own = Self.trimmedPath(Self.path(of: target))
        let responses = PropfindParser.responses(response.body)
        guard responses.count <= limits.entries + 1 else {
            throw TransferError.tooLarge("a listing of more than \(limits.entries) entries", method: "PROPFIND", path: Self.path(of: target))
        }
        return responses.compactMap { r in
            let hrefPath = Self.trimmedPath(URLComponents(string: r.href)?.percentEncodedPath ?? r.href)
            guard hrefPath != own, let last = hrefPath.split(separator: "/").last else { return nil }
            let name = String(last).removingPercentEncoding ?? String(last)
            return RemoteEntry(name: name, isFolder: r.isCollection, size: r.isCollection ? nil : r.length, etag: r.etag, lastModified: r.lastModified)
        }
    }

    /// Bounds on a listing's answer (``list(_:limits:)``).
    package struct ListingLimits: Sendable, Equatable {
        /// The most bytes of the answer (a folder of thousands of files answers with megabytes).
        package var bytes: Int
        /// The most entries.
        package var entries: Int
        /// The longest the request may take in all, in seconds; `nil`: as long as its size allows at
        /// the connection's lowest speed.
        package var seconds: Double?

        /// Bounds; the defaults allow 256 MiB and any number of entries.
        package init(bytes: Int = 256 << 20, entries: Int = .max - 1, seconds: Double? = nil) {
            self.bytes = bytes
            self.entries = entries
            self.seconds = seconds
        }
    }

    /// Downloads the file at `path` into `file`, streaming to disk (any size in constant memory):
    /// the body goes to `<file>.partial`, which is fsynced and renamed to `file` once complete, so
    /// `file` is whole or absent. A `.partial` left by an interrupted download is resumed (`Range`)
    /// when `etag` is given, with `If-Range`, so a file changed meanwhile comes whole instead of
    /// spliced; without an ETag it starts over. Throws ``TransferError`` with the status for a
    /// missing file (404) or a refusal, leaving the `.partial` for the next try.
    ///
    /// `limit` bounds the file: an answer announcing or sending more stops there with
    /// ``TransferError/Code/tooLarge`` and the `.partial` is removed, so a server that sends without
    /// end cannot fill the disk.
    package func download(
        _ path: [String], to file: URL, etag: String? = nil, expectedSize: Int64? = nil, limit: Int64? = nil,
        progress: (@Sendable (Int64, Int64) -> Void)? = nil
    ) async throws -> Download {
        let partial = URL(fileURLWithPath: file.path + ".partial")
        let fd = open(partial.path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw TransferError.localFile(path: partial.lastPathComponent, reason: String(cString: strerror(errno)), errno: errno) }
        var isOpen = true
        defer { if isOpen { Glibc.close(fd) } }
        var offset = Int64(lseek(fd, 0, SEEK_END))
        if offset > 0 && etag == nil {
            try Self.empty(fd, partial)
            offset = 0
        }
        let target = url(for: path)
        var response: CurlResponse
        do {
            response = try await get(target, into: fd, from: offset, etag: etag, expectedSize: expectedSize, limit: limit, progress: progress)
            if response.status == 416 {
                // The partial is no prefix of the file any more (it changed, or was complete): start over.
                try Self.empty(fd, partial)
                offset = 0
                response = try await get(target, into: fd, from: 0, etag: nil, expectedSize: expectedSize, limit: limit, progress: progress)
            }
        } catch let error as TransferError where error.code == .tooLarge {
            Glibc.close(fd)
            isOpen = false
            unlink(partial.path)
            throw TransferError.tooLarge("more than \(limit ?? 0) bytes; cut off there", method: "GET", path: Self.path(of: target))
        }
        guard response.status == 200 || response.status == 206 else {
            throw TransferError.http(status: response.status, method: "GET", path: Self.path(of: target))
        }
        var st = stat()
        guard fsync(fd) == 0, fstat(fd, &st) == 0 else {
            throw TransferError.localFile(path: partial.lastPathComponent, reason: String(cString: strerror(errno)), errno: errno)
        }
        Glibc.close(fd)
        isOpen = false
        do {
            try AtomicFile.commit(partial, to: file)
        } catch {
            throw TransferError.localFile(path: file.lastPathComponent, reason: "\(error)")
        }
        return Download(size: Int64(st.st_size), etag: response.headers["etag"], resumedFrom: response.status == 206 ? offset : 0)
    }

    /// Empties the open partial download `fd`.
    private static func empty(_ fd: Int32, _ partial: URL) throws {
        guard ftruncate(fd, 0) == 0, lseek(fd, 0, SEEK_SET) == 0 else {
            throw TransferError.localFile(path: partial.lastPathComponent, reason: String(cString: strerror(errno)), errno: errno)
        }
    }

    /// One GET of `target` into `fd` (from `offset` with a range when positive).
    private func get(
        _ target: String, into fd: Int32, from offset: Int64, etag: String?, expectedSize: Int64?, limit: Int64?,
        progress: (@Sendable (Int64, Int64) -> Void)?
    ) async throws -> CurlResponse {
        var headers: [String] = []
        if offset > 0 {
            headers.append("Range: bytes=\(offset)-")
            if let etag { headers.append("If-Range: \(etag)") }
        }
        let connection = connection, credentials = credentials
        return try await perform { [headers] easy in
            easy.url(target, protocols: "http,https")
            easy.connection(connection)
            easy.credentials(credentials)
            easy.method("GET")
            easy.headers(headers)
            easy.responseLimit(64 * 1024)
            easy.download(to: fd, expectedSize: expectedSize ?? 0, limit: limit, progress: progress)
        }
    }

    /// A path without its trailing slash, for comparing a folder's href with its own.
    private static func trimmedPath(_ path: String) -> String {
        var p = path
        while p.count > 1 && p.hasSuffix("/") { p.removeLast() }
        return p
    }

    /// Downloads `path` unless it is unchanged since `since` (ETag / Last-Modified of an earlier fetch).
    package func fetch(_ path: [String], since: Validators? = nil, limit: Int = 1 << 20) async throws -> FetchResult {
        let target = url(for: path)
        var headers: [String] = []
        if let etag = since?.etag { headers.append("If-None-Match: \(etag)") }
        if let modified = since?.lastModified { headers.append("If-Modified-Since: \(modified)") }
        let response = try await request(method: "GET", url: target, headers: headers, limit: limit)
        switch response.status {
        case 200:
            return .content(response.body, Validators(etag: response.headers["etag"], lastModified: response.headers["last-modified"]))
        case 304: return .notModified
        case 404: return .missing
        default: throw TransferError.http(status: response.status, method: "GET", path: Self.path(of: target))
        }
    }

    private func request(method: String, url: String, headers: [String] = [], body: Data? = nil, limit: Int = 1 << 20) async throws -> CurlResponse {
        let connection = connection, credentials = credentials
        return try await perform { easy in
            easy.url(url, protocols: "http,https")
            easy.connection(connection)
            easy.credentials(credentials)
            easy.method(method)
            easy.headers(headers)
            easy.responseLimit(limit)
            if let body { easy.body(body) }
        }
    }

    /// Performs a request on the client's session, or on one of its own.
    private func perform(_ configure: @escaping @Sendable (CurlEasy) throws -> Void) async throws -> CurlResponse {
        if let session { return try await session.perform(configure) }
        return try await Curl.perform(configure)
    }

    /// The path part of a URL, for messages (no host, no credentials).
    static func path(of url: String) -> String {
        URLComponents(string: url)?.percentEncodedPath ?? url
    }

    /// `segment` percent-encoded for a URL path: what `addingPercentEncoding(withAllowedCharacters:)`
    /// gives with ``segmentAllowed`` (every UTF-8 byte outside it as `%XX`, upper-case hex), worked out
    /// on the bytes. Foundation's version went through `CFString` and cost more than the rest of the
    /// request's setup, for three segments per request; a name that needs no encoding is returned as is.
    static func encode(_ segment: String) -> String {
        let keep = segmentKeeps
        if segment.utf8.allSatisfy({ $0 < 0x80 && keep[Int($0)] }) { return segment }
        let hex = Array("0123456789ABCDEF".utf8)
        var encoded: [UInt8] = []
        encoded.reserveCapacity(segment.utf8.count * 3)
        for byte in segment.utf8 {
            if byte < 0x80 && keep[Int(byte)] {
                encoded.append(byte)
            } else {
                encoded.append(UInt8(ascii: "%"))
                encoded.append(hex[Int(byte >> 4)])
                encoded.append(hex[Int(byte & 0x0F)])
            }
        }
        return String(decoding: encoded, as: UTF8.self)
    }

    /// The characters a path segment keeps as they are: a URL path's, less `/;?#`.
    static let segmentAllowed: CharacterSet = {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/;?#")
        return allowed
    }()

    /// ``segmentAllowed`` as a table of the 128 ASCII bytes (it holds no other character), made once.
    private static let segmentKeeps: [Bool] = (0..<0x80).map { segmentAllowed.contains(Unicode.Scalar(UInt8($0))) }

    static func redacted(_ url: String) -> String {
        guard var c = URLComponents(string: url) else { return "<invalid URL>" }
        if c.user != nil { c.user = "<redacted>" }
        if c.password != nil { c.password = "<redacted>" }
        return c.string ?? "<invalid URL>"
    }
}
