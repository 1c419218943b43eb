import Foundation
import Storage
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `export` killed with `kill -9` at several moments of an encrypted BIDS export leaves no plaintext
/// scratch copy and nothing in `--out` that looks finished; the same command run again completes the
/// export (MNE-BIDS reads every recording, the bids-validator finds no error) and removes what the
/// killed one left. Also: owner-only permissions for exports of encrypted items, and items still
/// being recorded by a live `record`.
@Suite(.tags(.process, .python))
struct ExportInterruptionTests {
    /// A data folder with `count` recordings of `seconds`, each encrypted with a fresh test key in
    /// `gpg` (the plaintext removed and the catalog pointing at the `.gpg`).
    static func encryptedRecordings(in dir: TemporaryDirectory, count: Int, seconds: Int, gpg: GPGTestHome) throws -> (data: URL, items: [String]) {
        let fingerprint = try gpg.generateKey()
        let data = dir.path("data")
        var items: [String] = []
        for seed in 1...count {
            let recorded = try CLI.run(["record", "--data", data.path, "--duration", "\(seconds)s", "--speed", "0", "--seed", "\(seed)", "--json"])
            #expect(recorded.status == 0, "\(recorded.stderr)")
            let item = try #require(try JSONSerialization.jsonObject(with: Data(recorded.stdout.utf8)) as? [String: Any])
            let path = try #require(item["path"] as? String)
            let plain = data.appendingPathComponent(path)
            try gpg.run(["--trust-model", "always", "--recipient", fingerprint, "--output", plain.path + ".gpg", "--encrypt", plain.path])
            try FileManager.default.removeItem(at: plain)
            let store = try DataStore(root: data)
            let stored = try #require(try store.catalog.item(path: path))
            _ = try store.catalog.update(id: stored.id) {
                $0.path = path + ".gpg"
                $0.encryption = .openpgp
            }
            items.append(path + ".gpg")
        }
        return (data, items)
    }

    /// Every path below `folder`, relative to it.
    static func everything(below folder: URL) -> [String] {
        (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []).sorted()
    }

    /// Waits on this thread (polling every 2 ms, up to 60 s) until `condition` holds or `process` has
    /// ended; whether the condition held.
    static func wait(for process: Process, until condition: () -> Bool) -> Bool {
        let giveUp = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < giveUp && process.isRunning {
            if condition() { return true }
            usleep(2_000)
        }
        return false
    }

    /// The mode bits of `url`.
    static func mode(_ url: URL) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions]) as? NSNumber)?.intValue ?? -1
    }

    @Test
    func aKilledEncryptedExportLeavesNoPlaintextAndTheNextRunCompletesIt() throws {
        let dir = try TemporaryDirectory("cli-export-kill")
        let gpg = try GPGTestHome()
        let (data, items) = try Self.encryptedRecordings(in: dir, count: 4, seconds: 120, gpg: gpg)
        let tmp = dir.path("tmp")
        try FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: true)
        let scratchParent = tmp.appendingPathComponent("study-recorder-plaintext-\(getuid())")
        let environment = ["TMPDIR": tmp.path]

        // The moments: once the first plaintext exists (wherever it is kept), once an item's EDF is
        // written, once publication has begun.
        let moments: [(name: String, reached: (URL) -> Bool)] = [
            ("decrypting", { out in (Self.everything(below: scratchParent) + Self.everything(below: out)).contains { $0.hasSuffix(".h5") } }),
            ("written", { out in Self.everything(below: out).contains { $0.hasSuffix("_eeg.edf") } }),
            ("publishing", { out in Self.everything(below: out).contains { $0.hasSuffix("publishing.json") } }),
        ]
        for moment in moments {
            let out = dir.path("bids-\(moment.name)")
            let arguments = [
                "export", "--data", data.path, "--all", "--format", "bids", "--include-simulated", "--out", out.path, "--gnupg-home", gpg.url.path,
                "--json",
            ]
            let process = Process()
            process.executableURL = try CLI.binary()
            process.arguments = arguments
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.runWithTerminationSignals()
            let hit = Self.wait(for: process) { moment.reached(out) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            let killed = process.terminationReason == .uncaughtSignal
            #expect(hit || moment.name == "publishing", "the kill landed \(moment.name)")
            #expect(killed || moment.name == "publishing", "\(moment.name): the export was killed, not finished")
            guard killed else {
                // Publication is a few renames: the export may end before the kill can land there.
                #expect(process.terminationStatus == 0 && Self.everything(below: out).contains("dataset_description.json"))
                continue
            }

            // What the killed export left: nothing that looks finished, no plaintext outside private folders.
            let left = Self.everything(below: out)
            #expect(!left.contains { $0.contains(".decrypted-") }, "\(moment.name): no decrypted copy in --out: \(left)")
            let visible = left.filter { !$0.hasPrefix(".study-recorder-export-") }
            #expect(!visible.contains { $0.hasSuffix(".part") || $0.hasSuffix(".tmp") }, "\(moment.name): \(visible)")
            if visible.contains("dataset_description.json") {
                #expect(visible.filter { $0.hasSuffix("_eeg.edf") }.count == items.count, "\(moment.name): a dataset has every recording")
            }
            for staging in left where staging.hasPrefix(".study-recorder-export-") && !staging.contains("/") {
                #expect(Self.mode(out.appendingPathComponent(staging)) == 0o700, "the staging folder is private")
            }

            // The same command again: exit 0, a complete dataset, nothing left behind.
            let again = try CLI.run(arguments, environment: environment)
            #expect(again.status == 0, "\(moment.name): \(again.stderr)")
            let after = Self.everything(below: out)
            #expect(!after.contains { $0.hasPrefix(".") || $0.contains("/.") }, "\(moment.name): nothing hidden stays: \(after)")
            #expect(after.contains("dataset_description.json") && after.filter { $0.hasSuffix("_eeg.edf") }.count == items.count)
            #expect(Self.everything(below: scratchParent).isEmpty, "\(moment.name): no plaintext scratch copy stays")
            struct Output: Decodable {
                struct Item: Decodable { var item: String }
                var items: [Item]
                var skipped: [Item]
            }
            let output = try JSONDecoder().decode(Output.self, from: Data(again.stdout.utf8))
            #expect(Set((output.items + output.skipped).map(\.item)) == Set(items), "every item exported once, by one of the runs")

            let check = """
                import sys, json, warnings
                warnings.simplefilter('ignore')
                from mne_bids import BIDSPath, read_raw_bids
                paths = BIDSPath(root=sys.argv[1], datatype='eeg', suffix='eeg', extension='.edf').match()
                print(json.dumps([int(read_raw_bids(p, verbose='error').n_times) for p in paths]))
                """
            let lengths = try PythonTool.json([Int].self, script: check, arguments: [out.path])
            #expect(lengths == Array(repeating: 120 * 256, count: items.count), "\(moment.name): \(lengths)")
            let validator = ProjectPaths.root.appendingPathComponent(".venv/bin/bids-validator-deno")
            let validation = try ProcessRunner.run(validator, ["--format", "json", out.path])
            #expect(validation.status == 0, "\(moment.name): \(validation.stdout.prefix(2000))")
        }
    }

    /// A CSV export of unencrypted recordings killed while its second recording is written: nothing
    /// (no `.part` folder, no first recording alone) in `--out`; the same command again exits 0 with
    /// every recording's folder complete.
    @Test func aKilledCSVExportIsCompletedByTheNextRun() throws {
        let dir = try TemporaryDirectory("cli-export-kill-csv")
        let data = dir.path("data")
        for seed in 1...3 {
            let recorded = try CLI.run(["record", "--data", data.path, "--duration", "120s", "--speed", "0", "--seed", "\(seed)"])
            #expect(recorded.status == 0, "\(recorded.stderr)")
        }
        let out = dir.path("csv")
        let arguments = ["export", "--data", data.path, "--all", "--format", "csv", "--out", out.path, "--json"]
        let process = Process()
        process.executableURL = try CLI.binary()
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.runWithTerminationSignals()
        // The second recording's eeg.csv is being written (wherever the export keeps it meanwhile).
        let second = Self.wait(for: process) { Self.everything(below: out).filter { $0.hasSuffix("/eeg.csv") }.count >= 2 }
        #expect(second)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        let visible = Self.everything(below: out).filter { !$0.hasPrefix(".") }
        #expect(visible.isEmpty, "nothing published by the killed export: \(visible)")

        let again = try CLI.run(arguments)
        #expect(again.status == 0, "\(again.stderr)")
        let after = Self.everything(below: out)
        #expect(!after.contains { $0.hasPrefix(".") || $0.contains("/.") }, "nothing hidden stays: \(after)")
        let folders = after.filter { !$0.contains("/") }
        #expect(folders.count == 3)
        for folder in folders {
            let files = Self.everything(below: out.appendingPathComponent(folder))
            #expect(files.contains("eeg.csv") && files.contains("verdict.csv") && files.count > 10, "\(folder): \(files)")
            let rows = try String(contentsOf: out.appendingPathComponent("\(folder)/eeg.csv"), encoding: .utf8).split(separator: "\n").count
            #expect(rows == 120 * 256 + 1, "\(folder): every sample and the header")
        }
    }

    /// SIGTERM (and Ctrl-C) during an encrypted export: exit 143, no decrypted copy and no staging
    /// folder stay, without waiting for a next run.
    @Test func aTerminatedExportRemovesItsPlaintextAndPublishesNothing() throws {
        let dir = try TemporaryDirectory("cli-export-term")
        let gpg = try GPGTestHome()
        let (data, _) = try Self.encryptedRecordings(in: dir, count: 2, seconds: 120, gpg: gpg)
        let tmp = dir.path("tmp")
        try FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: true)
        let scratchParent = tmp.appendingPathComponent("study-recorder-plaintext-\(getuid())")
        let out = dir.path("csv")
        let process = Process()
        process.executableURL = try CLI.binary()
        process.arguments = ["export", "--data", data.path, "--all", "--format", "csv", "--out", out.path, "--gnupg-home", gpg.url.path]
        process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": tmp.path]) { $1 }
        let errors = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.runWithTerminationSignals()
        let decrypting = Self.wait(for: process) {
            (Self.everything(below: scratchParent) + Self.everything(below: out)).contains { $0.hasSuffix(".h5") }
        }
        #expect(decrypting, "the export was decrypting")
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 143 && stderr.contains("interrupted"), "\(process.terminationStatus): \(stderr)")
        #expect(Self.everything(below: scratchParent).isEmpty, "no decrypted copy stays")
        #expect(Self.everything(below: out).isEmpty, "nothing published, no staging folder left")
    }

    /// A program of a lab's own that exports with the libraries (not the CLI) and installs no signal
    /// handler gets decision 0007's rule too: SIGINT mid-export, its decrypted copy in the scratch and
    /// its staging folder in the destination, ends it by the signal and leaves neither behind.
    @Test func aLibraryCallerInterruptedBySIGINTLeavesNoPlaintext() throws {
        let child = try #require(ProjectPaths.builtProduct("export-until-signalled"), "the helper is not built (swift build --build-tests)")
        let dir = try TemporaryDirectory("library-export-sigint")
        let gpg = try GPGTestHome()
        let (data, _) = try Self.encryptedRecordings(in: dir, count: 1, seconds: 60, gpg: gpg)
        let tmp = dir.path("tmp")
        try FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: true)
        let scratchParent = tmp.appendingPathComponent("study-recorder-plaintext-\(getuid())")
        let out = dir.path("csv")
        let process = Process()
        process.executableURL = child
        process.arguments = [data.path, gpg.url.path, out.path]
        process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": tmp.path]) { $1 }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.runWithTerminationSignals()
        // Blocks until the child says it is held mid-export (or ends without saying so).
        let said = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
        #expect(said.hasPrefix("ready"), "the helper was not held mid-export: \(said)")
        #expect(Self.everything(below: scratchParent).contains { $0.hasSuffix(".h5") }, "a decrypted copy exists while it is held")
        #expect(!Self.everything(below: out).isEmpty, "a staging folder exists while it is held")
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGINT, "ended by SIGINT, as without a handler")
        #expect(Self.everything(below: scratchParent).isEmpty, "no decrypted copy stays")
        #expect(Self.everything(below: out).isEmpty, "nothing published, no staging folder left")
    }

    /// Exports and reports of encrypted items are readable only by their owner unless asked; the
    /// choice is one line on standard error.
    @Test func exportsAndReportsOfEncryptedItemsAreOwnerOnly() throws {
        let dir = try TemporaryDirectory("cli-export-private")
        let gpg = try GPGTestHome()
        let (data, items) = try Self.encryptedRecordings(in: dir, count: 1, seconds: 4, gpg: gpg)
        let item = try #require(items.first)
        let environment = ["TMPDIR": dir.path("tmp").path]
        try FileManager.default.createDirectory(at: dir.path("tmp"), withIntermediateDirectories: true)

        for format in ["bids", "csv", "edf"] {
            let out = dir.path("private-\(format)")
            let result = try CLI.run(
                ["export", "--data", data.path, item, "--format", format, "--include-simulated", "--out", out.path, "--gnupg-home", gpg.url.path],
                environment: environment)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stderr.split(separator: "\n").filter { $0.contains("readable only by you") }.count == 1, "\(result.stderr)")
            #expect(Self.mode(out) == 0o700, "\(format): the folder made for the export")
            let entries = Self.everything(below: out)
            #expect(!entries.isEmpty)
            for entry in entries {
                let url = out.appendingPathComponent(entry)
                var isFolder: ObjCBool = false
                _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder)
                #expect(Self.mode(url) == (isFolder.boolValue ? 0o700 : 0o600), "\(format): \(entry) is \(String(Self.mode(url), radix: 8))")
            }
        }
        let shared = dir.path("shared")
        let widened = try CLI.run(
            ["export", "--data", data.path, item, "--format", "edf", "--out", shared.path, "--gnupg-home", gpg.url.path, "--permissions", "shared"],
            environment: environment)
        #expect(widened.status == 0 && !widened.stderr.contains("readable only by you"), "\(widened.stderr)")
        let edf = try #require(Self.everything(below: shared).first { $0.hasSuffix(".edf") })
        #expect(Self.mode(shared.appendingPathComponent(edf)) & 0o044 == 0o044, "shared: as the umask allows")

        let report = dir.path("reports/encrypted.html")
        let reported = try CLI.run(
            ["report", "--data", data.path, item, "--out", report.path, "--gnupg-home", gpg.url.path], environment: environment)
        #expect(reported.status == 0, "\(reported.stderr)")
        #expect(reported.stderr.contains("readable only by you"))
        #expect(Self.mode(report) == 0o600 && Self.mode(report.deletingLastPathComponent()) == 0o700)
        #expect(Self.everything(below: dir.path("tmp")).allSatisfy { !$0.hasSuffix(".h5") }, "no decrypted copy stays")
    }

    /// An item a live `record` is writing: named, `export` says so and exits 75; `--all` exports the
    /// others and lists it as skipped with why.
    @Test func anItemBeingRecordedIsNamedAsSuch() throws {
        let dir = try TemporaryDirectory("cli-export-recording")
        let (data, finished) = try ExportCommandTests.record(in: dir, seconds: 2, dropouts: 0)
        let process = Process()
        process.executableURL = try CLI.binary()
        process.arguments = ["record", "--data", data.path, "--duration", "120s", "--seed", "9"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.runWithTerminationSignals()
        defer {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
        }
        let journal = try #require(FileWaiter.firstBlocking(withExtension: "journal", below: data), "the recording began")
        let store = try DataStore(root: data)
        let recording = store.relativePath(of: journal.deletingPathExtension())
        // The catalog entry follows the journal by a moment.
        #expect(Self.wait(for: process) { (try? store.catalog.item(path: recording))??.state == .writing })

        let named = try CLI.run(["export", "--data", data.path, recording, "--format", "edf", "--out", dir.path("o1").path])
        #expect(named.status == 75, "\(named.stderr)")
        #expect(named.stderr.contains("being recorded") && named.stderr.contains(recording) && named.stderr.split(separator: "\n").count == 1)

        let all = try CLI.run(["export", "--data", data.path, "--all", "--format", "edf", "--out", dir.path("o2").path, "--json"])
        #expect(all.status == 0, "\(all.stderr)")
        struct Output: Decodable {
            struct Item: Decodable { var item: String }
            struct Skip: Decodable { var item: String; var reason: String }
            var items: [Item]
            var skipped: [Skip]
        }
        let output = try JSONDecoder().decode(Output.self, from: Data(all.stdout.utf8))
        #expect(output.items.map(\.item) == [finished])
        #expect(output.skipped.map(\.item) == [recording] && output.skipped.first?.reason.contains("being recorded") == true)
        let text = try CLI.run(["export", "--data", data.path, "--all", "--format", "edf", "--out", dir.path("o3").path])
        #expect(text.status == 0 && text.stdout.contains("skipped \(recording): it is being recorded"), "\(text.stdout)")

        let report = try CLI.run(["report", "--data", data.path, recording, "--out", dir.path("r.html").path])
        #expect(
            report.status == 75 && report.stderr.contains("being recorded") && report.stderr.split(separator: "\n").count == 1, "\(report.stderr)")

        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        #expect(process.terminationStatus == 130)
    }
}
