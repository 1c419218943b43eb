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
}
