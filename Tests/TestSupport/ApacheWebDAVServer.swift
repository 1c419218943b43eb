import Foundation

/// A real Apache httpd with mod_dav on 127.0.0.1 (Tests/Servers/apache_server.py, Debian's
/// `apache2-bin`), with the same three accounts as ``WebDAVTestServer`` — `uploader` (PUT, MKCOL,
/// OPTIONS), `reader` (GET, HEAD, PROPFIND) and `admin` — enforced by `<Limit>` blocks the way a lab's
/// operator configures them. Every request is logged with the client's port.
public final class ApacheWebDAVServer: WebDAVTestShare, @unchecked Sendable {
    private var process: ServerProcess?

    /// Whether Apache is installed (scripts/bootstrap installs `apache2-bin`; Debian keeps it in
    /// /usr/sbin, which is not on every user's PATH).
    public static var isInstalled: Bool {
        Executables.find("apache2") != nil || FileManager.default.isExecutableFile(atPath: "/usr/sbin/apache2")
    }

    /// Starts Apache on a free port; with `tls`, it serves HTTPS with a fresh self-signed certificate.
    /// `uploaderRights` may widen the upload account (e.g. `upload+list`). With `rateLimit`, every
    /// response is sent at most that many KiB/s (mod_ratelimit), as over a slow link.
    public init(tls: Bool = false, uploaderRights: String = "upload", rateLimit: Int? = nil) throws {
        guard let python = ProjectPaths.python else { throw TestToolError.missing(".venv python") }
        guard Self.isInstalled else { throw TestToolError.missing("apache2 (Debian package apache2-bin)") }
        let folder = try TemporaryDirectory("apache")
        try super.init(folder: folder, tls: tls, uploaderRights: uploaderRights)
        let work = folder.path("httpd")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let arguments =
            [ProjectPaths.root.appendingPathComponent("Tests/Servers/apache_server.py").path] + scriptArguments + ["--workdir", work.path]
            + (rateLimit.map { ["--rate-limit", "\($0)"] } ?? [])
        process = try ServerProcess(python, arguments, port: port, logFile: folder.path("server.log"))
    }

    /// The requests the server answered that `matching` accepts (all by default), oldest first, once
    /// at least `count` of them are logged (Apache logs a request after answering it, so the last
    /// entry can trail the client by a moment); gives what is there after 5 s otherwise. A suite
    /// sharing one server passes its tests' own paths as `matching`.
    public func requests(atLeast count: Int = 0, matching: (Request) -> Bool = { _ in true }) throws -> [Request] {
        try loggedRequests(atLeast: count, matching: matching)
    }

    /// The server's error log (authentication and authorisation failures, with the account name).
    public func errorLog() -> String {
        (try? String(contentsOf: folder.path("httpd/error.log"), encoding: .utf8)) ?? ""
    }

    /// Stops the server (also done when the value is dropped).
    public func stop() { process?.stop() }
}
