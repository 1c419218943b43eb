import Foundation

/// `rclone serve webdav` on 127.0.0.1 (Tests/Servers/rclone_server.py; Debian's `rclone`), with the
/// tests' three accounts, each allowed everything (rclone has no per-account rights). rclone
/// ignores `If-None-Match: *` on PUT and replaces the file, and answers 201 to every PUT and to
/// MKCOL of an existing folder. It keeps no request log the tests read.
public final class RcloneWebDAVServer: WebDAVTestShare, @unchecked Sendable {
    private var process: ServerProcess?

    /// Whether rclone is installed (scripts/bootstrap installs it).
    public static var isInstalled: Bool { Executables.find("rclone") != nil }

    /// Starts rclone on a free port; with `tls`, it serves HTTPS with a fresh self-signed certificate.
    public init(tls: Bool = false) throws {
        guard let python = ProjectPaths.python else { throw TestToolError.missing(".venv python") }
        guard Self.isInstalled else { throw TestToolError.missing("rclone (Debian package rclone)") }
        let folder = try TemporaryDirectory("rclone")
        try super.init(folder: folder, tls: tls, uploaderRights: "all")
        let work = folder.path("rclone")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let arguments =
            [ProjectPaths.root.appendingPathComponent("Tests/Servers/rclone_server.py").path] + scriptArguments + ["--workdir", work.path]
        process = try ServerProcess(python, arguments, port: port, logFile: folder.path("server.log"))
    }

    /// Stops the server (also done when the value is dropped).
    public func stop() { process?.stop() }
}
