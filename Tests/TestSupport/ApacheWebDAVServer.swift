public import Foundation

/// A real Apache httpd with mod_dav on 127.0.0.1 (Tests/Servers/apache_server.py, Debian's
/// `apache2-bin`), with the same three accounts as ``WebDAVTestServer`` — `uploader` (PUT, MKCOL,
/// OPTIONS), `reader` (GET, HEAD, PROPFIND) and `admin` — enforced by `<Limit>` blocks the way a lab's
/// operator configures them. Every request is logged with the client's port.
///
/// Sendable so that a suite can share one server: everything but the process handle is immutable,
/// and the handle is only used to stop it.
public final class ApacheWebDAVServer: @unchecked Sendable {
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
    private let process: ServerProcess
    private let folder: TemporaryDirectory

    /// Whether Apache is installed (scripts/bootstrap installs `apache2-bin`; Debian keeps it in
    /// /usr/sbin, which is not on every user's PATH).
    public static var isInstalled: Bool {
        Executables.find("apache2") != nil || FileManager.default.isExecutableFile(atPath: "/usr/sbin/apache2")
    }

    /// Starts Apache on a free port; with `tls`, it serves HTTPS with a fresh self-signed certificate.
    /// `uploaderRights` may widen the upload account (e.g. `upload+list`).
    public init(tls: Bool = false, uploaderRights: String = "upload") throws {
        guard let python = ProjectPaths.python else { throw TestToolError.missing(".venv python") }
        guard Self.isInstalled else { throw TestToolError.missing("apache2 (Debian package apache2-bin)") }
        folder = try TemporaryDirectory("apache")
        root = folder.path("share")
        let work = folder.path("httpd")
        for url in [root, work] { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
        let accounts = folder.path("accounts.json")
        let list: [String: [String: String]] = [
            "uploader": ["password": password, "rights": uploaderRights],
            "reader": ["password": password, "rights": "read"],
            "admin": ["password": password, "rights": "all"],
        ]
        try JSONSerialization.data(withJSONObject: list).write(to: accounts)
        logURL = folder.path("requests.jsonl")
        port = try FreePort.loopback()
        var arguments = [
            ProjectPaths.root.appendingPathComponent("Tests/Servers/apache_server.py").path, "--port", "\(port)", "--root", root.path,
            "--accounts", accounts.path, "--log", logURL.path, "--workdir", work.path,
        ]
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

    /// The requests the server answered, oldest first, once at least `count` are logged (Apache logs
    /// a request after answering it, so the last entry can trail the client by a moment); gives what
    /// is there after 5 s otherwise.
    public func requests(atLeast count: Int = 0) throws -> [WebDAVTestServer.Request] {
        let deadline = Date().addingTimeInterval(5)
        var entries = try readLog()
        while entries.count < count && Date() < deadline {
            usleep(10_000)
            entries = try readLog()
        }
        return entries
    }

    /// Places `data` at `path` (relative to the share) as an operator would, readable and, for
    /// folders, writable by the server's workers.
    public func place(_ data: Data, at path: String) throws {
        let url = root.appendingPathComponent(path)
        let parent = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: parent.path)
        try data.write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: 0o666], ofItemAtPath: url.path)
    }

    /// The server's error log (authentication and authorisation failures, with the account name).
    public func errorLog() -> String {
        (try? String(contentsOf: folder.path("httpd/error.log"), encoding: .utf8)) ?? ""
    }

    /// Stops the server (also done when the value is dropped).
    public func stop() { process.stop() }

    private func readLog() throws -> [WebDAVTestServer.Request] {
        guard let text = try? String(contentsOf: logURL, encoding: .utf8) else { return [] }
        return try text.split(separator: "\n").map { line in
            var request = try JSONDecoder().decode(WebDAVTestServer.Request.self, from: Data(line.utf8))
            // Apache writes "-" for an absent header or user.
            if request.ifNoneMatch == "-" { request.ifNoneMatch = nil }
            if request.user == "-" { request.user = "" }
            return request
        }
    }
}
