import Foundation
import TestSupport
import Testing

/// What `upload` says and exits with when a person must act, and when waiting helps: a server that
/// refuses the account or URL exits 78 with one line and starts no backoff (after the fix the next
/// run sends at once); items that wait for their backoff are named with the time and `--now`; and
/// `--dry-run` contacts no server and needs no account.
@Suite(.tags(.process, .server), .enabled(if: (ProjectPaths.isCI || NginxWebDAVServer.isInstalled) && Executables.available([], python: true)))
struct UploadRefusalCommandTests {
    /// A data folder in `folder` with one recording, uploading to `url` with a one-hour backoff (an
    /// item waiting for it cannot be sent by the next run without `--now`).
    static func setUp(_ folder: TemporaryDirectory, url: String, password: String, user: String = "uploader") throws -> TransferCLISetup {
        let setup = try TransferCLISetup(
            folder: folder, webdavURL: url, password: password, extra: ["backoff": ["initial": 3600, "maximum": 3600]])
        try setAccount(setup, user: user, password: password)
        let recorded = try CLI.run(["record", "--data", setup.data.path, "--duration", "1s", "--speed", "0"])
        #expect(recorded.status == 0, "\(recorded.stderr)")
        return setup
    }

    /// Writes the WebDAV account into the setup's secrets file (mode 0600).
    static func setAccount(_ setup: TransferCLISetup, user: String, password: String) throws {
        let secrets = setup.data.appendingPathComponent("private/transfer-secrets.json")
        try JSONSerialization.data(withJSONObject: ["webdav": ["user": user, "password": password]]).write(to: secrets)
        chmod(secrets.path, 0o600)
    }

    @Test func aForbiddenAccountExitsSeventyEightAndTheFixedOneSendsAtOnce() throws {
        let server = try NginxWebDAVServer()
        let dir = try TemporaryDirectory("cli-forbidden")
        let setup = try Self.setUp(dir, url: server.baseURL, password: server.password, user: "reader")
        let refused = try CLI.run(["upload", "--data", setup.data.path])
        #expect(refused.status == 78, "\(refused.stdout) \(refused.stderr)")
        #expect(refused.stderr.split(separator: "\n").contains { $0.contains("refused") && $0.contains("HTTP 403") }, "\(refused.stderr)")
        #expect(!refused.stdout.contains("wait for their next try"))
        try Self.setAccount(setup, user: "uploader", password: server.password)
        let fixed = try CLI.run(["upload", "--data", setup.data.path])
        #expect(fixed.status == 0, "\(fixed.stdout) \(fixed.stderr)")
        #expect(try server.storedFiles().count == 1)
    }

    @Test func aLocationThatIsNotWritableExitsSeventyEight() throws {
        let server = try NginxWebDAVServer()
        let dir = try TemporaryDirectory("cli-not-allowed")
        let setup = try Self.setUp(dir, url: server.baseURL + "readonly/", password: server.password)
        let refused = try CLI.run(["upload", "--data", setup.data.path])
        #expect(refused.status == 78, "\(refused.stdout) \(refused.stderr)")
        #expect(refused.stderr.contains("HTTP 405"), "\(refused.stderr)")
    }

    @Test func itemsWaitingForTheirBackoffAreNamedWithTheTimeAndNow() throws {
        let dir = try TemporaryDirectory("cli-backoff")
        let setup = try Self.setUp(dir, url: "http://127.0.0.1:\(try FreePort.loopback())/", password: "unused")
        let down = try CLI.run(["upload", "--data", setup.data.path])
        #expect(down.status == 75, "\(down.stderr)")
        let waiting = try CLI.run(["upload", "--data", setup.data.path])
        #expect(waiting.status == 75)
        let line = try #require(waiting.stdout.split(separator: "\n").first { $0.contains("wait for their next try") }, "\(waiting.stdout)")
        #expect(line.contains("1 item(s)") && line.contains("--now") && line.contains("Z)"), "\(line)")
    }

    @Test func aDryRunContactsNoServerAndNeedsNoAccount() throws {
        let server = try WebDAVTestServer()
        let dir = try TemporaryDirectory("cli-dry-run")
        let setup = try Self.setUp(dir, url: server.baseURL, password: server.password)
        try FileManager.default.removeItem(at: setup.data.appendingPathComponent("private/transfer-secrets.json"))
        let dry = try CLI.run(["upload", "--data", setup.data.path, "--dry-run"])
        #expect(dry.status == 0, "\(dry.stdout) \(dry.stderr)")
        #expect(dry.stdout.contains("would send"))
        #expect(try server.requests().isEmpty)
    }
}
