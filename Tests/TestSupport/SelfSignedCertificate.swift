public import Foundation

/// A self-signed TLS certificate for 127.0.0.1 made with `openssl`, for servers that must be reached
/// over TLS (and for checking that an unknown certificate is refused).
public struct SelfSignedCertificate {
    /// The certificate (PEM); also usable as the CA file that trusts it.
    public let certificate: URL
    /// The private key (PEM).
    public let key: URL

    /// Creates a certificate and key in `folder`.
    public init(in folder: URL, name: String = "server") throws {
        certificate = folder.appendingPathComponent("\(name).crt")
        key = folder.appendingPathComponent("\(name).key")
        let openssl = try Executables.require("openssl")
        let result = try ProcessRunner.run(
            openssl,
            [
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=127.0.0.1",
                "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", key.path, "-out", certificate.path,
            ])
        guard result.status == 0 else { throw TestToolError.serverDidNotStart("openssl: \(result.stderr)") }
    }
}
