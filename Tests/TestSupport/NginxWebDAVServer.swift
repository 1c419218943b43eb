import Foundation

/// A real nginx with its DAV module on 127.0.0.1 (Tests/Servers/nginx_server.py; Debian's `nginx`
/// and `libnginx-mod-http-dav-ext`), with the tests' three accounts. nginx ignores
/// `If-None-Match: *` on PUT and replaces the file, answers a method the account may not use with
/// 403, and serves `readonly/` without DAV methods (PUT and MKCOL answered 405). Every request is
/// logged with the client's port.
public final class NginxWebDAVServer: WebDAVTestShare, @unchecked Sendable {
    private var process: ServerProcess?

    /// Whether nginx is installed (scripts/bootstrap installs it; Debian keeps it in /usr/sbin).
    public static var isInstalled: Bool {
        Executables.find("nginx") != nil || FileManager.default.isExecutableFile(atPath: "/usr/sbin/nginx")
    }

    /// Starts nginx on a free port; with `tls`, it serves HTTPS with a fresh self-signed certificate.
    /// `uploaderRights` may widen the upload account (e.g. `upload+list`).
    public init(tls: Bool = false, uploaderRights: String = "upload") throws {
        guard let python = ProjectPaths.python else { throw TestToolError.missing(".venv python") }
        guard Self.isInstalled else { throw TestToolError.missing("nginx (Debian packages nginx, libnginx-mod-http-dav-ext)") }
        let folder = try TemporaryDirectory("nginx")
        try super.init(folder: folder, tls: tls, uploaderRights: uploaderRights)
        let work = folder.path("nginx")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let arguments =
            [ProjectPaths.root.appendingPathComponent("Tests/Servers/nginx_server.py").path] + scriptArguments + ["--workdir", work.path]
        process = try ServerProcess(python, arguments, port: port, logFile: folder.path("server.log"))
    }

    /// The requests the server answered that `matching` accepts (all by default), oldest first, once
    /// at least `count` of them are logged (nginx logs a request after answering it).
    public func requests(atLeast count: Int = 0, matching: (Request) -> Bool = { _ in true }) throws -> [Request] {
        try loggedRequests(atLeast: count, matching: matching)
    }

    /// Stops the server (also done when the value is dropped).
    public func stop() { process?.stop() }
}
