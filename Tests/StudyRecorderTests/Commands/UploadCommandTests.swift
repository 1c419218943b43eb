import Foundation
import Storage
import TestSupport
import Testing

@Suite(.tags(.process, .server), .enabled(if: Executables.available([], python: true)))
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
        try FileManager.default.createDirectory(at: dir.path("empty"), withIntermediateDirectories: true)
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

@Suite(.tags(.process, .server), .enabled(if: Executables.available(["time"], python: true)))
struct UploadCommandRobustnessTests {
    @Test func aRunKilledMidUploadLeavesTheItemUnsentAndTheNextRunDeliversIt() throws {
        let dir = try TemporaryDirectory("cli-kill")
        let run = try StalledUpload(folder: dir)
        let (server, proxy, setup, store, item) = (run.server, run.proxy, run.setup, run.store, run.item)
        kill(run.process.processIdentifier, SIGKILL)
        run.waitForExit()
        #expect(try run.current()?.transmittedAt == nil)

        try proxy.inject(.none)
        let next = try CLI.run(["upload", "--data", setup.data.path])
        #expect(next.status == 0, "\(next.stdout) \(next.stderr)")
        let stored = try #require(try store.catalog.item(id: item.id))
        #expect(stored.state == .transmitted)
        #expect(
            try Data(contentsOf: server.root.appendingPathComponent(try #require(stored.remoteName)))
                == Data(contentsOf: setup.data.appendingPathComponent(stored.path)))
    }

    /// The uploader records confirmations a few at a time (``ConfirmedItems`` in Transfer): a kill
    /// in the middle of many small files must still never leave an item marked sent that the server
    /// does not hold, and the next run must send the rest without a second copy of anything.
    @Test func aRunKilledInTheMiddleOfManyFilesMarksSentOnlyWhatTheServerHoldsAndTheNextRunSendsTheRestOnce() throws {
        let server = try WebDAVTestServer(uploaderRights: "upload+list")
        let dir = try TemporaryDirectory("cli-kill-many")
        let settings: [String: Any] = ["url": server.baseURL, "connectTimeout": 2, "stallTimeout": 3, "canList": true]
        let setup = try TransferCLISetup(folder: dir, webdavURL: server.baseURL, password: server.password, extra: ["webdav": settings])
        let store = try DataStore(root: setup.data)
        let count = 400
        let participants = (0..<4).map { _ in UUID().uuidString }
        var contents: [String: Data] = [:]
        for index in 1...count {
            let participant = participants[index % participants.count]
            let url = try store.unusedURL(
                participant: participant,
                fileName: FileNaming.questionnaire(title: "many", day: 1, session: 1, run: index, participant: participant))
            let bytes = Data((0..<2048).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ index &* 7) } + Array("item \(index)".utf8))
            try bytes.write(to: url)
            var digest = SHA256()
            digest.update(bytes)
            let item = CatalogItem(
                kind: .questionnaire, path: store.relativePath(of: url), participant: participant, run: index, size: Int64(bytes.count),
                sha256: digest.finalizeHex(), state: .pending)
            try store.catalog.insert(item)
            contents[item.id] = bytes
        }

        let process = Process()
        process.executableURL = try CLI.binary()
        process.arguments = ["upload", "--data", setup.data.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.runWithTerminationSignals()
        // Killed once the server holds a tenth of the items (the run is then well inside its batches).
        let deadline = Date().addingTimeInterval(60)
        while try server.storedFiles().count < count / 10, process.isRunning, Date() < deadline { usleep(5_000) }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal, "the run ended before it could be killed")

        let afterKill = try store.catalog.items()
        let markedSent = afterKill.filter { $0.state == .transmitted }
        #expect(markedSent.count < count)
        for item in markedSent {
            let remote = try #require(item.remoteName)
            #expect(try Data(contentsOf: server.root.appendingPathComponent(remote)) == contents[item.id], "\(item.path) marked sent")
        }

        let next = try CLI.run(["upload", "--data", setup.data.path])
        #expect(next.status == 0, "\(next.stdout) \(next.stderr)")
        let final = try store.catalog.items()
        #expect(final.count == count && final.allSatisfy { $0.state == .transmitted })
        // Every file on the server by content: each item's bytes must be there once, where recorded.
        var holding: [Data: [String]] = [:]
        for path in try server.storedFiles() { holding[try Data(contentsOf: server.root.appendingPathComponent(path)), default: []].append(path) }
        for item in final {
            let remote = try #require(item.remoteName)
            #expect(holding[try #require(contents[item.id])] == [remote], "\(item.path): one copy on the server, the one recorded")
        }
        // At most the transfer the kill interrupted left a partial file behind; no item went twice.
        let stored = try server.storedFiles()
        #expect(stored.count <= count + 1, "\(stored.count) files for \(count) items")
        #expect(try server.storedManifests().count == count)
    }

    @Test func twoOverlappingRunsLikeCronFiringTwiceSendEachItemOnce() throws {
        let server = try WebDAVTestServer()
        let dir = try TemporaryDirectory("cli-overlap")
        let setup = try TransferCLISetup(folder: dir, webdavURL: server.baseURL, password: server.password)
        for _ in 0..<4 { _ = try CLI.run(["record", "--data", setup.data.path, "--duration", "20s", "--speed", "0"]) }
        let runs = try (0..<2).map { _ -> Process in
            let p = Process()
            p.executableURL = try CLI.binary()
            p.arguments = ["upload", "--data", setup.data.path]
            p.standardOutput = FileHandle.nullDevice
            p.standardError = FileHandle.nullDevice
            return p
        }
        for p in runs { try p.runWithTerminationSignals() }
        for p in runs { p.waitUntilExit() }
        let statuses = runs.map(\.terminationStatus).sorted()
        #expect(statuses == [0, 0] || statuses == [0, 75], "\(statuses)")
        let puts = try server.requests().filter { $0.method == "PUT" && !$0.isProbe && !$0.isManifest }
        #expect(puts.count == 4)
        #expect(Set(puts.map(\.path)).count == 4)
        let final = try CLI.run(["upload", "--data", setup.data.path])
        #expect(final.status == 0)
        #expect(try server.requests().filter { $0.method == "PUT" && !$0.isProbe && !$0.isManifest }.count == 4)
    }

    @Test func uploadingALargeFileKeepsMemoryFlat() throws {
        let server = try WebDAVTestServer()
        let dir = try TemporaryDirectory("cli-memory")
        let setup = try TransferCLISetup(folder: dir, webdavURL: server.baseURL, password: server.password)
        let store = try DataStore(root: setup.data)
        let participant = UUID().uuidString
        let url = try store.unusedURL(
            participant: participant, fileName: FileNaming.recording(paradigm: "big", day: 1, session: 1, run: 1, participant: participant))
        // 256 MiB: far more than the 64 MB the upload may use.
        let chunk = Data((0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) })
        _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        let handle = try FileHandle(forWritingTo: url)
        for _ in 0..<256 { handle.write(chunk) }
        try handle.close()
        try store.catalog.insert(
            CatalogItem(kind: .recording, path: store.relativePath(of: url), participant: participant, size: 256 << 20, state: .pending))
        let time = try Executables.require("time")
        let result = try ProcessRunner.run(time, ["-f", "maxrss=%M", try CLI.binary().path, "upload", "--data", setup.data.path])
        #expect(result.status == 0, "\(result.stderr)")
        let line = try #require(result.stderr.split(separator: "\n").last { $0.hasPrefix("maxrss=") })
        let kilobytes = try #require(Int(line.dropFirst("maxrss=".count)))
        #expect(kilobytes < 64 * 1024, "peak RSS \(kilobytes) kB")
        let remote = server.root.appendingPathComponent(try #require(try store.catalog.items().first?.remoteName))
        #expect((try FileManager.default.attributesOfItem(atPath: remote.path)[.size] as? NSNumber)?.intValue == 256 << 20)
    }
}

/// Unattended runs that finish with an exit code a scheduler can act on, whatever the server or a
/// crash did.
@Suite(.tags(.process, .server), .enabled(if: Executables.available([], python: true)))
struct UnattendedUploadTests {
    @Test func withoutEncryptionTheConsentRecordStaysHereAndUploadExitsZero() throws {
        let server = try WebDAVTestServer()
        let dir = try TemporaryDirectory("cli-consent-local")
        let setup = try TransferCLISetup(folder: dir, webdavURL: server.baseURL, password: server.password)
        #expect(try CLI.run(["enroll", RunCommandTests.mynd, "--data", setup.data.path, "--name", "Zed Quill", "--auto"]).status == 0)
        let dry = try CLI.run(["upload", "--data", setup.data.path, "--dry-run", "--json"])
        #expect(dry.status == 0, "\(dry.stderr)")
        let real = try CLI.run(["upload", "--data", setup.data.path, "--json"])
        #expect(real.status == 0, "\(real.stdout) \(real.stderr)")
        func paths(_ output: String, _ key: String) throws -> [String] {
            let report = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
            return try #require(report[key] as? [[String: Any]]).compactMap { $0["path"] as? String }.sorted()
        }
        // The dry run agrees with the real run: the same items go, the same ones stay.
        #expect(try paths(dry.stdout, "planned") == paths(real.stdout, "sent"))
        #expect(try paths(dry.stdout, "keptLocal") == paths(real.stdout, "keptLocal"))
        let kept = try paths(real.stdout, "keptLocal")
        // The consent record and its PDF: the two files with the name.
        #expect(kept.count == 2 && kept.allSatisfy { $0.contains("/c_") }, "\(kept)")
        #expect(real.stdout.contains("\"remaining\" : 0"), "\(real.stdout)")
        #expect(try server.storedFiles().allSatisfy { !$0.contains("/c_") })
        let list = try CLI.run(["list", "--data", setup.data.path, "--wide"])
        #expect(list.stdout.contains("stays here:  kept on this device"), "\(list.stdout)")
        // Not shown as waiting for upload: its state column says it is kept here.
        let consentRow = try #require(list.stdout.split(separator: "\n").first { $0.contains("/c_") })
        #expect(consentRow.hasPrefix("kept-local"), "\(consentRow)")
    }

    @Test func aWrongPasswordIsAConfigurationErrorNotTryAgainLater() throws {
        let server = try WebDAVTestServer()
        let dir = try TemporaryDirectory("cli-401")
        let setup = try TransferCLISetup(folder: dir, webdavURL: server.baseURL, password: "not-the-password")
        _ = try CLI.run(["record", "--data", setup.data.path, "--duration", "1s", "--speed", "0"])
        let result = try CLI.run(["upload", "--data", setup.data.path])
        #expect(result.status == 78, "\(result.stdout) \(result.stderr)")
        #expect(result.stderr.contains("401"))
        #expect(!result.stderr.contains("not-the-password"))
    }

    @Test(.timeLimit(.minutes(1)))
    func sigtermEndsARunHungOnTheServerAndReleasesItsClaims() throws {
        let dir = try TemporaryDirectory("cli-sigterm")
        // A stall limit far beyond the test's: only the signal can end the run in time.
        let run = try StalledUpload(folder: dir, webdav: ["stallTimeout": 600])
        kill(run.process.processIdentifier, SIGTERM)
        run.waitForExit()
        #expect(run.process.terminationReason == .exit && run.process.terminationStatus == 143)
        let released = try #require(try run.current())
        #expect(released.state == .pending && released.claimedBy == nil)
    }

    @Test func aRecordingKilledBeforeItsCatalogUpdateIsFoundByUpload() throws {
        let server = try WebDAVTestServer()
        let dir = try TemporaryDirectory("cli-limbo")
        let setup = try TransferCLISetup(folder: dir, webdavURL: server.baseURL, password: server.password)
        let recorded = try CLI.run(["record", "--data", setup.data.path, "--duration", "1s", "--speed", "0", "--json"])
        let item = try JSONDecoder.iso.decode(CatalogItem.self, from: Data(recorded.stdout.utf8))
        // The state a kill leaves between the final rename and the catalog update: the finished file, its
        // journal (no live writer), and a catalog entry still `writing`.
        let store = try DataStore(root: setup.data)
        try store.catalog.update(id: item.id) {
            $0.state = .writing; $0.size = 0; $0.sha256 = nil
        }
        try Data("journal".utf8).write(to: store.url(of: item.path + ".journal"))
        let result = try CLI.run(["upload", "--data", setup.data.path])
        #expect(result.status == 0, "\(result.stdout) \(result.stderr)")
        #expect(try store.catalog.item(id: item.id)?.state == .transmitted)
        #expect(try server.storedFiles().count == 1)
    }
}
