import Foundation
import Storage
import TestSupport
import Testing

/// An item no retry can send (its file cut short or gone) leads to a person: `upload` sends the rest,
/// names the item with the command that resolves it and exits 1 (the systemd unit alerts), every
/// run until `resolve` restores it from a checked copy or retires it on record. And `upload` says what
/// changed, once: nothing at all when there was nothing to send.
@Suite(.tags(.process, .server), .enabled(if: Executables.available([], python: true)))
struct UploadNeedsPersonCommandTests {
    /// A data folder uploading to `server` with two recordings; returns the setup and both items.
    static func twoRecordings(_ dir: TemporaryDirectory, server: WebDAVTestServer) throws -> (TransferCLISetup, [CatalogItem]) {
        let setup = try TransferCLISetup(folder: dir, webdavURL: server.baseURL, password: server.password)
        var items: [CatalogItem] = []
        for _ in 0..<2 {
            let recorded = try CLI.run(["record", "--data", setup.data.path, "--duration", "1s", "--speed", "0", "--json"])
            #expect(recorded.status == 0, "\(recorded.stderr)")
            items.append(try JSONDecoder.iso.decode(CatalogItem.self, from: Data(recorded.stdout.utf8)))
        }
        return (setup, items)
    }

    @Test func aTruncatedRecordingExitsOneNamingItAndTheFixUntilRestoredFromACheckedCopy() throws {
        let server = try WebDAVTestServer()
        let dir = try TemporaryDirectory("cli-needs-person")
        let (setup, items) = try Self.twoRecordings(dir, server: server)
        let damaged = items[0]
        let file = setup.data.appendingPathComponent(damaged.path)
        let copy = dir.path("backup.h5")
        try FileManager.default.copyItem(at: file, to: copy)
        #expect(truncate(file.path, 1000) == 0)

        let first = try CLI.run(["upload", "--data", setup.data.path])
        #expect(first.status == 1, "\(first.stdout) \(first.stderr)")
        // Everything else went; the damaged item is named once, with the command that resolves it.
        #expect(try server.storedFiles().count == 1)
        let named = first.stdout.split(separator: "\n").filter { $0.contains(damaged.path) }
        #expect(named.count == 1, "\(first.stdout)")
        #expect(
            named.first?.hasPrefix("needs a person: ") == true && named.first?.contains("study-recorder resolve \(damaged.path) --restore") == true)
        #expect(!first.stderr.contains(damaged.path), "named once: \(first.stderr)")
        // No backoff hides it: the next run says it again and exits 1 again.
        let again = try CLI.run(["upload", "--data", setup.data.path])
        #expect(again.status == 1, "\(again.stdout) \(again.stderr)")
        #expect(again.stdout.contains("needs a person: \(damaged.path)"))
        let json = try CLI.run(["upload", "--data", setup.data.path, "--json"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect((report["needsPerson"] as? [[String: Any]])?.compactMap { $0["path"] as? String } == [damaged.path])

        // A copy that is not the catalogued file is refused with one line, and nothing changes.
        let other = setup.data.appendingPathComponent(items[1].path)
        let wrong = try CLI.run(["resolve", damaged.path, "--restore", other.path, "--data", setup.data.path])
        #expect(wrong.status == 65, "\(wrong.stdout) \(wrong.stderr)")
        #expect(wrong.stderr.split(separator: "\n").count == 1 && wrong.stderr.contains("is not the file catalogued as"), "\(wrong.stderr)")
        #expect((try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber)?.intValue == 1000)

        let restored = try CLI.run(["resolve", damaged.path, "--restore", copy.path, "--data", setup.data.path])
        #expect(restored.status == 0, "\(restored.stdout) \(restored.stderr)")
        #expect(try Data(contentsOf: file) == Data(contentsOf: copy))
        let sent = try CLI.run(["upload", "--data", setup.data.path])
        #expect(sent.status == 0, "\(sent.stdout) \(sent.stderr)")
        #expect(try server.storedFiles().count == 2)
    }

    @Test func aRecordingChangedInPlaceIsNotSentAndNeedsAPerson() throws {
        let server = try WebDAVTestServer()
        let dir = try TemporaryDirectory("cli-needs-person-digest")
        let (setup, items) = try Self.twoRecordings(dir, server: server)
        let changed = items[0]
        let file = setup.data.appendingPathComponent(changed.path)
        let original = try Data(contentsOf: file)
        var bytes = original
        bytes[bytes.count / 2] ^= 0xFF
        try bytes.write(to: file)
        let result = try CLI.run(["upload", "--data", setup.data.path])
        #expect(result.status == 1, "\(result.stdout) \(result.stderr)")
        #expect(result.stdout.contains("needs a person: \(changed.path): its SHA-256 is not the catalogued one"), "\(result.stdout)")
        // The changed file never reached the server; the other item did.
        #expect(try server.storedFiles().count == 1)
        let copy = dir.path("copy.h5")
        try original.write(to: copy)
        #expect(try CLI.run(["resolve", changed.path, "--restore", copy.path, "--data", setup.data.path]).status == 0)
        #expect(try CLI.run(["upload", "--data", setup.data.path]).status == 0)
        #expect(try server.storedFiles().count == 2)
    }

    @Test func aMissingItemRetiredOnRecordIsListedAsRetiredAndNoLongerHoldsUploadBack() throws {
        let server = try WebDAVTestServer()
        let dir = try TemporaryDirectory("cli-retire")
        let (setup, items) = try Self.twoRecordings(dir, server: server)
        let lost = items[1]
        try FileManager.default.removeItem(at: setup.data.appendingPathComponent(lost.path))
        // The dry run agrees with the real run.
        let dry = try CLI.run(["upload", "--data", setup.data.path, "--dry-run"])
        #expect(dry.status == 1 && dry.stdout.contains("needs a person: \(lost.path): missing on disk"), "\(dry.stdout)")
        let first = try CLI.run(["upload", "--data", setup.data.path])
        #expect(first.status == 1, "\(first.stdout) \(first.stderr)")

        let retired = try CLI.run(["resolve", lost.path, "--retire", "--reason", "disk replaced, no backup", "--data", setup.data.path, "--json"])
        #expect(retired.status == 0, "\(retired.stdout) \(retired.stderr)")
        let entry = try JSONDecoder.iso.decode(CatalogItem.self, from: Data(retired.stdout.utf8))
        #expect(entry.state == .retired && entry.retiredReason == "disk replaced, no backup")

        let next = try CLI.run(["upload", "--data", setup.data.path])
        #expect(next.status == 0, "\(next.stdout) \(next.stderr)")
        let list = try CLI.run(["list", "--data", setup.data.path])
        let row = try #require(list.stdout.split(separator: "\n").firstIndex { $0.hasPrefix("retired") }, "\(list.stdout)")
        #expect(list.stdout.split(separator: "\n")[row + 1].contains("disk replaced, no backup"), "\(list.stdout)")
        // Retiring something already on the server is refused.
        let sentItem = items[0]
        let refused = try CLI.run(["resolve", sentItem.path, "--retire", "--data", setup.data.path])
        #expect(refused.status == 65 && refused.stderr.contains("already on the server"), "\(refused.stderr)")
    }

    @Test func uploadSaysWhatChangedOnceAndNothingWhenNothingHappened() throws {
        let server = try WebDAVTestServer()
        let dir = try TemporaryDirectory("cli-upload-quiet")
        let setup = try TransferCLISetup(folder: dir, webdavURL: server.baseURL, password: server.password)
        #expect(try CLI.run(["enroll", RunCommandTests.mynd, "--data", setup.data.path, "--name", "Zed Quill", "--auto"]).status == 0)
        let recorded = try CLI.run(["record", "--data", setup.data.path, "--duration", "1s", "--speed", "0", "--json"])
        let item = try JSONDecoder.iso.decode(CatalogItem.self, from: Data(recorded.stdout.utf8))
        let first = try CLI.run(["upload", "--data", setup.data.path])
        #expect(first.status == 0, "\(first.stdout) \(first.stderr)")
        // Each path once, no repeated policy lines about the consent record kept here.
        let lines = first.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("sent \(item.path) (webdav)"), "\(first.stdout)")
        #expect(!first.stdout.contains("->") && !lines.contains { $0.hasPrefix("kept here") }, "\(first.stdout)")
        #expect(lines.last?.contains("2 kept here by policy") == true, "\(first.stdout)")
        // The cron run 15 minutes later: nothing to send, nothing said.
        let quiet = try CLI.run(["upload", "--data", setup.data.path])
        #expect(quiet.status == 0)
        #expect(quiet.stdout.isEmpty && quiet.stderr.isEmpty, "\(quiet.stdout)|\(quiet.stderr)")
    }

    @Test func aWrongPasswordIsOneLineWithoutALogLineBeforeIt() throws {
        let server = try WebDAVTestServer()
        let dir = try TemporaryDirectory("cli-401-one-line")
        let setup = try TransferCLISetup(folder: dir, webdavURL: server.baseURL, password: "not-the-password")
        _ = try CLI.run(["record", "--data", setup.data.path, "--duration", "1s", "--speed", "0"])
        let result = try CLI.run(["upload", "--data", setup.data.path])
        #expect(result.status == 78, "\(result.stdout) \(result.stderr)")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines.first?.contains("401") == true, "\(result.stderr)")
        #expect(!result.stderr.contains("warning"), "\(result.stderr)")
        let refused = try CLI.run(["upload", "--data", setup.data.path, "--config", setup.config.path])
        #expect(refused.status == 78)
        let port = try FreePort.loopback()
        let other = try TemporaryDirectory("cli-refused-one-line")
        let closed = try TransferCLISetup(folder: other, webdavURL: "http://127.0.0.1:\(port)/", password: "x")
        _ = try CLI.run(["record", "--data", closed.data.path, "--duration", "1s", "--speed", "0"])
        let down = try CLI.run(["upload", "--data", closed.data.path])
        #expect(down.status == 75, "\(down.stdout) \(down.stderr)")
        #expect(down.stderr.isEmpty, "no log line without -v: \(down.stderr)")
    }
}
