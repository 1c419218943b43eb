import Foundation

/// A real wsgidav server on 127.0.0.1 (Tests/Servers/webdav_server.py) with three accounts whose
/// rights a small middleware enforces: `uploader` (PUT, MKCOL, OPTIONS only: the upload-only account),
/// `reader` (GET, HEAD, PROPFIND: announcements) and `admin` (everything). Every request is logged, and
/// so is the end of every TCP connection (``connectionEnds()``).
public final class WebDAVTestServer: WebDAVTestShare, @unchecked Sendable {
    private let connectionsURL: URL
    private var process: ServerProcess?

    /// Starts a server on a free port; with `tls`, it serves HTTPS with a fresh self-signed certificate.
    /// `uploaderRights` may widen the upload account (e.g. `upload+list`); with `closeAfter`, every
    /// `closeAfter`-th answer on a connection closes it ("Connection: close").
    public init(tls: Bool = false, uploaderRights: String = "upload", port fixedPort: Int? = nil, closeAfter: Int? = nil) throws {
        guard let python = ProjectPaths.python else { throw TestToolError.missing(".venv python with wsgidav") }
        let folder = try TemporaryDirectory("webdav")
        connectionsURL = folder.path("connections.jsonl")
        try super.init(folder: folder, tls: tls, uploaderRights: uploaderRights, port: fixedPort)
        var arguments = [ProjectPaths.root.appendingPathComponent("Tests/Servers/webdav_server.py").path] + scriptArguments
        arguments += ["--connections", connectionsURL.path]
        if let closeAfter { arguments += ["--close-after", "\(closeAfter)"] }
        process = try ServerProcess(python, arguments, port: port, logFile: folder.path("server.log"))
    }

    /// The requests the server answered so far, oldest first.
    public func requests() throws -> [Request] { try loggedRequests() }

    /// How the connections that ended so far ended, oldest first, one JSON line each: the client's
    /// port, the requests answered on it, and `"ended"`: `"exchange"` (the client closed it, or an
    /// answer said `Connection: close`) or `"idle"` (the server closed a kept-alive connection that
    /// was waiting for the next request). For the message of a test that counts connections.
    public func connectionEnds() -> [String] {
        guard let text = try? String(contentsOf: connectionsURL, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").map(String.init)
    }

    /// Stops the server (also done when the value is dropped).
    public func stop() { process?.stop() }
}
