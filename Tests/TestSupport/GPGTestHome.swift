public import Foundation

/// A throw-away GnuPG home (mode 0700) holding the study's test keys: makes keys of every kind the
/// encryption must accept or refuse, exports them, and decrypts with the real `gpg`. Its gpg-agent is
/// stopped and the folder removed when the value is dropped.
public final class GPGTestHome {
    /// The home directory.
    public let url: URL
    private let gpg: URL
    private let owner: TemporaryDirectory

    /// A fresh, empty home.
    public init() throws {
        owner = try TemporaryDirectory("gnupg")
        url = owner.path("home")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        gpg = try Executables.require("gpg")
    }

    /// Runs gpg in this home; throws with its error output when it fails.
    @discardableResult
    public func run(_ arguments: [String]) throws -> ProcessResult {
        let result = try ProcessRunner.run(
            gpg, ["--homedir", url.path, "--batch", "--yes", "--pinentry-mode", "loopback", "--passphrase", ""] + arguments)
        guard result.status == 0 else { throw TestToolError.serverDidNotStart("gpg \(arguments.joined(separator: " ")): \(result.stderr)") }
        return result
    }

    /// Generates a key and returns its fingerprint. `algorithm`/`usage`/`expire` as for
    /// `gpg --quick-gen-key`; `fakedTime` (e.g. `20200101T000000`) back-dates it (for expired keys).
    public func generateKey(
        userID: String = "Study <study@example.invalid>", algorithm: String = "future-default", usage: String = "default",
        expire: String = "never", fakedTime: String? = nil
    ) throws -> String {
        var args = ["--quick-gen-key", userID, algorithm, usage, expire]
        if let fakedTime { args = ["--faked-system-time", fakedTime] + args }
        try run(args)
        let listing = try run(["--with-colons", "--list-keys", userID]).stdout
        guard let line = listing.split(separator: "\n").first(where: { $0.hasPrefix("fpr:") }) else {
            throw TestToolError.serverDidNotStart("no fingerprint for \(userID)")
        }
        return String(line.split(separator: ":", omittingEmptySubsequences: false)[9])
    }

    /// Exports the public key `fingerprint` to `file` (armoured unless `binary`).
    public func exportPublic(_ fingerprint: String, to file: URL, binary: Bool = false) throws {
        try run((binary ? [] : ["--armor"]) + ["--output", file.path, "--export", fingerprint])
    }

    /// Exports the secret key `fingerprint` to `file` (armoured unless `binary`).
    public func exportSecret(_ fingerprint: String, to file: URL, binary: Bool = false) throws {
        try run((binary ? [] : ["--armor"]) + ["--output", file.path, "--export-secret-keys", fingerprint])
    }

    /// Revokes `fingerprint` with the revocation certificate gpg made when generating it.
    public func revoke(_ fingerprint: String) throws {
        let certificate = url.appendingPathComponent("openpgp-revocs.d/\(fingerprint).rev")
        let text = try String(contentsOf: certificate, encoding: .utf8).replacingOccurrences(of: ":-----BEGIN", with: "-----BEGIN")
        let armed = url.appendingPathComponent("revoke.asc")
        try text.write(to: armed, atomically: true, encoding: .utf8)
        try run(["--import", armed.path])
    }

    /// Decrypts `file` with the secret keys in this home and returns the plaintext.
    public func decrypt(_ file: URL) throws -> Data {
        let out = url.appendingPathComponent("decrypted-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        try run(["--output", out.path, "--decrypt", file.path])
        return try Data(contentsOf: out)
    }

    /// Stops the gpg-agent of `home` (gpg starts one per home directory and leaves it running).
    public static func stopAgent(home: URL) {
        if let gpgconf = Executables.find("gpgconf") {
            _ = try? ProcessRunner.run(gpgconf, ["--homedir", home.path, "--kill", "gpg-agent"])
        }
    }

    deinit { Self.stopAgent(home: url) }
}
