import Foundation
import TestSupport
import Testing

/// The real WebDAV servers every upload case is run against: two that honour `If-None-Match: *`
/// on PUT (wsgidav, Apache mod_dav) and two that ignore it and replace the file (nginx's DAV module,
/// `rclone serve webdav`). docs/operations.md has the table of how each behaves.
enum InteropServer: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case wsgidav, apache, nginx, rclone

    var testDescription: String { rawValue }

    /// Whether a PUT with `If-None-Match: *` onto an existing file is refused (412).
    var honoursIfNoneMatch: Bool { self == .wsgidav || self == .apache }

    /// Whether the server keeps a request log the tests read (rclone does not).
    var logsRequests: Bool { self != .rclone }

    /// Whether the server's programs are here (always assumed in CI, where a missing one must fail).
    static var allInstalled: Bool {
        ProjectPaths.isCI || (ApacheWebDAVServer.isInstalled && NginxWebDAVServer.isInstalled && RcloneWebDAVServer.isInstalled)
    }

    /// Starts a fresh server of this kind on a free loopback port; `uploaderRights` as for
    /// ``WebDAVTestShare`` (rclone gives every account every right).
    func start(uploaderRights: String = "upload") throws -> WebDAVTestShare {
        switch self {
        case .wsgidav: try WebDAVTestServer(uploaderRights: uploaderRights)
        case .apache: try ApacheWebDAVServer(uploaderRights: uploaderRights)
        case .nginx: try NginxWebDAVServer(uploaderRights: uploaderRights)
        case .rclone: try RcloneWebDAVServer()
        }
    }

    /// The requests `server` answered, once at least `count` are logged; `nil` for a server
    /// without a request log.
    static func requests(_ server: WebDAVTestShare, atLeast count: Int = 0) throws -> [WebDAVTestShare.Request]? {
        if let wsgidav = server as? WebDAVTestServer { return try wsgidav.requests() }
        if let apache = server as? ApacheWebDAVServer { return try apache.requests(atLeast: count) }
        if let nginx = server as? NginxWebDAVServer { return try nginx.requests(atLeast: count) }
        return nil
    }
}
