public import Foundation

/// A real SMTP server (aiosmtpd, Tests/Servers/smtp_server.py) on 127.0.0.1 that stores each message in
/// a Maildir; optionally with STARTTLS (self-signed certificate, required) and AUTH.
public final class SMTPTestServer {
    /// The port.
    public let port: Int
    /// The Maildir; messages land in `new/`.
    public let maildir: URL
    /// The certificate when STARTTLS is offered (use it as the CA file).
    public let certificate: SelfSignedCertificate?
    /// The account, when AUTH is required.
    public let user: String?
    /// Its password.
    public let password = "smtp-\(UUID().uuidString.prefix(6))"
    private let process: ServerProcess
    private let folder: TemporaryDirectory

    /// Starts a server on a free port.
    public init(tls: Bool = false, user: String? = nil) throws {
        guard let python = ProjectPaths.python else { throw TestToolError.missing(".venv python with aiosmtpd") }
        folder = try TemporaryDirectory("smtp")
        maildir = folder.path("maildir")
        port = try FreePort.loopback()
        self.user = user
        var arguments = [
            ProjectPaths.root.appendingPathComponent("Tests/Servers/smtp_server.py").path, "--port", "\(port)", "--maildir", maildir.path,
        ]
        if tls {
            let cert = try SelfSignedCertificate(in: folder.url)
            certificate = cert
            arguments += ["--cert", cert.certificate.path, "--key", cert.key.path]
        } else {
            certificate = nil
        }
        if let user {
            let file = folder.path("password")
            try password.write(to: file, atomically: true, encoding: .utf8)
            arguments += ["--user", user, "--password-file", file.path]
        }
        process = try ServerProcess(python, arguments, port: port, logFile: folder.path("smtp.log"))
    }

    /// `smtp://127.0.0.1:PORT`.
    public var url: String { "smtp://127.0.0.1:\(port)" }

    /// The raw messages received so far.
    public func messages() throws -> [URL] {
        let new = maildir.appendingPathComponent("new")
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: new.path) else { return [] }
        return names.sorted().map { new.appendingPathComponent($0) }
    }

    /// The attachments of every received message (file name → bytes), decoded by Python's `email`.
    public func attachments() throws -> [String: Data] {
        let script = """
            import sys, json, base64, email, email.policy
            out = {}
            for path in sys.argv[1:]:
                with open(path, 'rb') as f:
                    msg = email.message_from_binary_file(f, policy=email.policy.default)
                for part in msg.iter_attachments():
                    out[part.get_filename()] = base64.b64encode(part.get_payload(decode=True)).decode()
            print(json.dumps(out))
            """
        let decoded = try PythonTool.json([String: String].self, script: script, arguments: try messages().map(\.path))
        return decoded.compactMapValues { Data(base64Encoded: $0) }
    }
}
