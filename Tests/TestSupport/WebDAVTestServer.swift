public import Foundation

/// A real wsgidav server on 127.0.0.1 (Tests/Servers/webdav_server.py) with three accounts whose
/// rights a small middleware enforces: `uploader` (PUT, MKCOL, OPTIONS only: the upload-only account),
/// `reader` (GET, HEAD, PROPFIND: announcements) and `admin` (everything). Every request is logged, and
/// so is the end of every TCP connection (``connectionEnds()``).
public final class WebDAVTestServer {
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
    }

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
    private let logURL: URL
    private let connectionsURL: URL
    private let process: ServerProcess
    private let folder: TemporaryDirectory

    /// Starts a server on a free port; with `tls`, it serves HTTPS with a fresh self-signed certificate.
    /// `uploaderRights` may widen the upload account (e.g. `upload+list`); with `closeAfter`, every
    /// `closeAfter`-th answer on a connection closes it ("Connection: close").
    public init(tls: Bool = false, uploaderRights: String = "upload", port fixedPort: Int? = nil, closeAfter: Int? = nil) throws {
        guard let python = ProjectPaths.python else { throw TestToolError.missing(".venv python with wsgidav") }
        folder = try TemporaryDirectory("webdav")
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
        connectionsURL = folder.path("connections.jsonl")
        port = try fixedPort ?? FreePort.loopback()
        var arguments = [
            ProjectPaths.root.appendingPathComponent("Tests/Servers/webdav_server.py").path, "--port", "\(port)", "--root", root.path,
            "--accounts", accounts.path, "--log", logURL.path, "--connections", connectionsURL.path,
        ]
        if let closeAfter { arguments += ["--close-after", "\(closeAfter)"] }
        if tls {
            let cert = try SelfSignedCertificate(in: folder.url)
            certificate = cert
            arguments += ["--cert", cert.certificate.path, "--key", cert.key.path]
        } else {
            certificate = nil
        }
        baseURL = "\(tls ? "https" : "http")://127.0.0.1:\(port)/"
        process = try ServerProcess(python, arguments, port: port, logFile: folder.path("server.log"))
    }

    /// The requests the server answered so far, oldest first.
    public func requests() throws -> [Request] {
        guard let text = try? String(contentsOf: logURL, encoding: .utf8) else { return [] }
        return try text.split(separator: "\n").map { try JSONDecoder().decode(Request.self, from: Data($0.utf8)) }
    }

    /// How the connections that ended so far ended, oldest first, one JSON line each: the client's
    /// port, the requests answered on it, and `"ended"`: `"exchange"` (the client closed it, or an
    /// answer said `Connection: close`) or `"idle"` (the server closed a kept-alive connection that
    /// was waiting for the next request). For the message of a test that counts connections.
    public func connectionEnds() -> [String] {
        guard let text = try? String(contentsOf: connectionsURL, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").map(String.init)
    }

    /// Every file stored on the server, as paths relative to the share root.
    public func storedFiles() throws -> [String] {
        var result: [String] = []
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = enumerator?.nextObject() as? URL {
            if (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true {
                result.append(String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1)))
            }
        }
        return result.sorted()
    }

    /// Stops the server (also done when the value is dropped).
    public func stop() { process.stop() }
}
