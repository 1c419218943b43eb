public import Foundation

/// What every test WebDAV server has: a share folder served on a free loopback port (over HTTPS with
/// a fresh self-signed certificate when asked), the tests' three accounts — `uploader`, `reader` and
/// `admin`, one password — in the accounts file the server scripts read, and a JSON-lines log of
/// the requests answered. ``WebDAVTestServer`` (wsgidav) and ``ApacheWebDAVServer`` (Apache httpd)
/// each start their own server on it.
///
/// Sendable so that a suite can share one server: everything but the server's process handle is
/// immutable, and the handle is only used to stop it.
public class WebDAVTestShare: @unchecked Sendable {
    /// One logged request.
    public struct Request: Decodable, Equatable {
        /// The HTTP method.
        public var method: String
        /// The request path.
        public var path: String
        /// The final status.
        public var status: Int?
        /// The authenticated account.
        public var user: String
        /// The If-None-Match header, if sent.
        public var ifNoneMatch: String?
        /// The client's port: requests with the same port came over the same TCP connection.
        public var remotePort: String?
        /// When the server began and finished the request, in microseconds since the epoch (Apache
        /// only): two requests whose spans overlap were served at the same time.
        public var begin: Int64?
        /// See ``begin``.
        public var end: Int64?

        /// Whether this is the uploader's If-None-Match probe (`ConditionalPutProbe`, one or two PUTs
        /// of `/.study-recorder-probe` before a run's first upload) rather than an item's request.
        public var isProbe: Bool { path == "/" + WebDAVTestShare.probeName }
        /// Whether this request is for an item's manifest (`….manifest.json`, sealed `….manifest.json.gpg`)
        /// rather than for the item.
        public var isManifest: Bool { WebDAVTestShare.isManifest(path) }
    }

    /// The most of `requests` the server was serving at one moment (from ``Request/begin`` and
    /// ``Request/end``; requests without them are left out).
    public static func mostAtOnce(_ requests: [Request]) -> Int {
        let events = requests.compactMap { r in r.begin.flatMap { b in r.end.map { [(b, 1), ($0, -1)] } } }.flatMap { $0 }
        // An end sorts before a begin at the same microsecond: touching spans do not overlap.
        var current = 0, most = 0
        for (_, step) in events.sorted(by: { ($0.0, $0.1) < ($1.0, $1.1) }) {
            current += step
            most = max(most, current)
        }
        return most
    }

    /// Whether `path` names a manifest the uploader puts beside each item (`UploadManifest`).
    public static func isManifest(_ path: String) -> Bool {
        path.hasSuffix(".manifest.json") || path.hasSuffix(".manifest.json.gpg") || path.hasSuffix(".manifest.json.asc")
    }

    /// The scratch file the uploader's If-None-Match probe writes at the root of the share
    /// (`ConditionalPutProbe.name`; TestSupport does not import Transfer).
    public static let probeName = ".study-recorder-probe"

    /// The folder served as the root of the share.
    public let root: URL
    /// The port.
    public let port: Int
    /// `http://127.0.0.1:PORT/` or `https://…` with TLS.
    public let baseURL: String
    /// The password of every account.
    public let password = "test-password-\(UUID().uuidString.prefix(6))"
    /// The certificate when serving TLS.
    public let certificate: SelfSignedCertificate?
    /// The test's folder: the share, the accounts, the logs and whatever the server keeps.
    let folder: TemporaryDirectory
    /// The request log the server writes.
    let logURL: URL
    /// The arguments every server script takes: `--port`, `--root`, `--accounts`, `--log`, and with
    /// TLS `--cert` and `--key`.
    let scriptArguments: [String]

    /// Makes the share in `folder` (a fresh one per server); `uploaderRights` may widen the upload
    /// account (e.g. `upload+list`).
    init(folder: TemporaryDirectory, tls: Bool, uploaderRights: String, port fixedPort: Int? = nil) throws {
        self.folder = folder
        root = folder.path("share")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let accounts = folder.path("accounts.json")
        let list: [String: [String: String]] = [
            "uploader": ["password": password, "rights": uploaderRights],
            "reader": ["password": password, "rights": "read"],
            "admin": ["password": password, "rights": "all"],
        ]
        try JSONSerialization.data(withJSONObject: list).write(to: accounts)
        logURL = folder.path("requests.jsonl")
        port = try fixedPort ?? FreePort.loopback()
        var arguments = ["--port", "\(port)", "--root", root.path, "--accounts", accounts.path, "--log", logURL.path]
        if tls {
            let cert = try SelfSignedCertificate(in: folder.url)
            certificate = cert
            arguments += ["--cert", cert.certificate.path, "--key", cert.key.path]
        } else {
            certificate = nil
        }
        scriptArguments = arguments
        baseURL = "\(tls ? "https" : "http")://127.0.0.1:\(port)/"
    }

    /// The requests in the log so far, oldest first, as the server wrote them.
    func loggedRequests() throws -> [Request] {
        guard let text = try? String(contentsOf: logURL, encoding: .utf8) else { return [] }
        return try text.split(separator: "\n").map { try JSONDecoder().decode(Request.self, from: Data($0.utf8)) }
    }

    /// The logged requests that `matching` accepts, oldest first, once at least `count` of them are
    /// there (Apache and nginx log a request after answering it, so the last entry can trail the
    /// client by a moment); what is there after 5 s otherwise. An absent header or user, which
    /// Apache logs as "-" and nginx as "", reads as `nil` / "".
    func loggedRequests(atLeast count: Int, matching: (Request) -> Bool) throws -> [Request] {
        func read() throws -> [Request] {
            try loggedRequests().map { logged in
                var request = logged
                if request.ifNoneMatch == "-" || request.ifNoneMatch == "" { request.ifNoneMatch = nil }
                if request.user == "-" { request.user = "" }
                return request
            }.filter(matching)
        }
        let deadline = Date().addingTimeInterval(5)
        var entries = try read()
        while entries.count < count && Date() < deadline {
            usleep(10_000)
            entries = try read()
        }
        return entries
    }

    /// Places `data` at `path` (relative to the share) as an operator would, readable and, for
    /// folders, writable by the server's workers (Apache's run as `nobody` when started as root).
    public func place(_ data: Data, at path: String) throws {
        let url = root.appendingPathComponent(path)
        let parent = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: parent.path)
        try data.write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: 0o666], ofItemAtPath: url.path)
    }

    /// Every item stored on the server, as paths relative to the share root: every file except the
    /// uploader's probe file (``probeName``) and the manifests beside the items (``storedManifests()``).
    public func storedFiles() throws -> [String] {
        try allFiles().filter { !Self.isManifest($0) }
    }

    /// The manifests the uploader put beside the items, as paths relative to the share root.
    public func storedManifests() throws -> [String] {
        try allFiles().filter(Self.isManifest)
    }

    /// Every file on the server but the probe file.
    private func allFiles() throws -> [String] {
        var result: [String] = []
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = enumerator?.nextObject() as? URL {
            if (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true {
                let path = String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1))
                if path != Self.probeName { result.append(path) }
            }
        }
        return result.sorted()
    }
}
