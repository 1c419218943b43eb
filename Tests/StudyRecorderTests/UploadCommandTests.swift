import Foundation
import Storage
import Testing
import TestSupport

@Suite(.enabled(if: Executables.available([], python: true)))
struct UploadCommandTests {
    @Test func uploadsEverythingAndExitsZeroThenSeventyFiveWhileTheServerIsDown() throws {
        let server = try WebDAVTestServer()
        let dir = try TemporaryDirectory("cli-upload")
        let setup = try TransferCLISetup(folder: dir, webdavURL: server.baseURL, password: server.password)
        for _ in 0..<2 {
            let recorded = try CLI.run(["record", "--data", setup.data.path, "--duration", "1s", "--speed", "0"])
            #expect(recorded.status == 0, "\(recorded.stderr)")
        }
        let dry = try CLI.run(["upload", "--data", setup.data.path, "--dry-run"])
        #expect(dry.status == 0)
        #expect(dry.stdout.components(separatedBy: "would send").count == 3)
        #expect(try server.requests().isEmpty)

        let sent = try CLI.run(["upload", "--data", setup.data.path, "--json", "--verbose"])
        #expect(sent.status == 0, "\(sent.stderr)")
        let report = try JSONSerialization.jsonObject(with: Data(sent.stdout.utf8)) as? [String: Any]
        #expect((report?["sent"] as? [Any])?.count == 2)
        #expect(!sent.stderr.contains(server.password) && !sent.stdout.contains(server.password))
        #expect(try server.storedFiles().count == 2)

        server.stop()
        _ = try CLI.run(["record", "--data", setup.data.path, "--duration", "1s", "--speed", "0"])
        let down = try CLI.run(["upload", "--data", setup.data.path])
        #expect(down.status == 75)
        #expect(down.stdout.contains("1 still pending"))
    }

    @Test func configurationProblemsExitSeventyEightWithOneLine() throws {
        let dir = try TemporaryDirectory("cli-upload-config")
        let none = try CLI.run(["upload", "--data", dir.path("empty").path])
        #expect(none.status == 78)
        #expect(none.stderr.contains("transfer.json"))

        let setup = try TransferCLISetup(folder: dir, webdavURL: "http://127.0.0.1:9/", password: "hunter2-secret")
        chmod(setup.data.appendingPathComponent("private/transfer-secrets.json").path, 0o644)
        let open = try CLI.run(["upload", "--data", setup.data.path])
        #expect(open.status == 78)
        #expect(open.stderr.contains("chmod 600"))
        #expect(!open.stderr.contains("hunter2-secret"))

        let usage = try CLI.run(["upload", "--data", setup.data.path, "--limit", "0"])
        #expect(usage.status == 64)
    }

    @Test func credentialsComeFromTheEnvironmentWhenNoSecretsFileExists() throws {
        let server = try WebDAVTestServer()
        let dir = try TemporaryDirectory("cli-upload-env")
        let setup = try TransferCLISetup(folder: dir, webdavURL: server.baseURL, password: "unused")
        try FileManager.default.removeItem(at: setup.data.appendingPathComponent("private/transfer-secrets.json"))
        _ = try CLI.run(["record", "--data", setup.data.path, "--duration", "1s", "--speed", "0"])
        let result = try CLI.run(
            ["upload", "--data", setup.data.path],
            environment: ["STUDY_RECORDER_WEBDAV_USER": "uploader", "STUDY_RECORDER_WEBDAV_PASSWORD": server.password])
        #expect(result.status == 0, "\(result.stdout) \(result.stderr)")
        #expect(try server.storedFiles().count == 1)
    }
}
