import Foundation
import TestSupport
import Testing

/// `collect` end to end, as a lab runs it: participants enrol and run the reaction-time study on their
/// own devices (one data folder sealed at rest, one sealed at upload), upload with the upload-only
/// account to a real Apache mod_dav, and the experimenter collects with the read account and the
/// study's secret key into one BIDS dataset that the BIDS validator passes and MNE-BIDS reads.
@Suite(
    .tags(.process, .server),
    .enabled(if: (ProjectPaths.isCI || ApacheWebDAVServer.isInstalled) && Executables.available(["gpg", "gpgconf"], python: true)))
struct CollectCommandTests {
    static let study = ProjectPaths.root.appendingPathComponent("Studies/reaction-time").path

    /// A lab: the server, the study key, the experimenter's folder with the read account's secrets.
    final class Lab {
        let server: ApacheWebDAVServer
        let gpg: GPGTestHome
        let fingerprint: String
        let keyFile: URL
        let dir: TemporaryDirectory
        let secrets: URL
        var participants: [TemporaryDirectory] = []

        init() throws {
            server = try ApacheWebDAVServer()
            gpg = try GPGTestHome()
            fingerprint = try gpg.generateKey()
            dir = try TemporaryDirectory("collect")
            keyFile = dir.path("study-key.asc")
            try gpg.exportPublic(fingerprint, to: keyFile)
            secrets = dir.path("reader-secrets.json")
            try JSONSerialization.data(withJSONObject: ["webdav": ["user": "reader", "password": server.password]]).write(to: secrets)
            chmod(secrets.path, 0o600)
        }

        deinit {
            for p in participants { GPGTestHome.stopAgent(home: p.path("data/private/gnupg")) }
        }

        /// A participant who enrols, runs the study's first session and uploads, sealing `mode`
        /// (`at-rest`, `at-upload`) to `key` (the study's by default); returns their UUID.
        @discardableResult
        func participant(mode: String, key: (file: URL, fingerprint: String)? = nil) throws -> String {
            let folder = try TemporaryDirectory("collect-participant")
            participants.append(folder)
            let encryption: [String: Any] = ["mode": mode, "keyFile": (key?.file ?? keyFile).path, "fingerprint": key?.fingerprint ?? fingerprint]
            let setup = try TransferCLISetup(folder: folder, webdavURL: server.baseURL, password: server.password, encryption: encryption)
            let enrolled = try CLI.run(["enroll", CollectCommandTests.study, "--data", setup.data.path, "--name", "Ada Example", "--auto"])
            #expect(enrolled.status == 0, "\(enrolled.stderr)")
            // Day 1: the questionnaire session, then the reaction-time session (two recordings, two trial tables).
            for _ in 1...2 {
                let ran = try CLI.run(["run", CollectCommandTests.study, "--data", setup.data.path, "--auto", "--speed", "100"])
                #expect(ran.status == 0, "\(ran.stderr)")
            }
            let uploaded = try CLI.run(["upload", "--data", setup.data.path])
            #expect(uploaded.status == 0, "\(uploaded.stdout) \(uploaded.stderr)")
            let folders = try FileManager.default.contentsOfDirectory(atPath: setup.data.path).filter { UUID(uuidString: $0) != nil }
            return try #require(folders.first)
        }

        /// `collect` into `out` with the read account and the study key. The participants here are
        /// scripted (`--auto`), so their recordings are demonstration data: taken unless
        /// `includeSimulated` is false.
        func collect(into out: URL, json: Bool = true, includeSimulated: Bool = true, _ more: [String] = []) throws -> ProcessResult {
            try CLI.run(arguments(out: out, json: json, includeSimulated: includeSimulated, more))
        }

        /// `collect`'s arguments.
        func arguments(out: URL, json: Bool = true, includeSimulated: Bool = true, _ more: [String] = []) -> [String] {
            ["collect", "--from", server.baseURL, "--study", CollectCommandTests.study, "--out", out.path, "--secrets", secrets.path,
             "--gnupg-home", gpg.url.path] + (includeSimulated ? ["--include-simulated"] : []) + (json ? ["--json"] : []) + more
        }

        /// The GETs Apache answered so far.
        func gets() throws -> [WebDAVTestShare.Request] { try server.requests { $0.method == "GET" } }
    }

    struct Report: Decodable {
        struct Problem: Decodable { var remote: String; var reason: String; var detail: String }
        var collected: [String]
        var unchanged: Int
        var waiting: [String]
        var consentKeptSealed: Int
        var exported: [String]
        var problems: [Problem]
        var consentDecrypted: Int?
    }

    /// A scripted participant's recordings stay out of the dataset unless `--include-simulated`: named
    /// one line each, counted apart in the overview, and added by a later run that asks.
    @Test func aScriptedParticipantsRecordingsStayOutUnlessAsked() throws {
        let lab = try Lab()
        let participant = try lab.participant(mode: "at-rest")
        let out = lab.dir.path("dataset")
        let first = try lab.collect(into: out, json: false, includeSimulated: false)
        #expect(first.status == 0, "\(first.stderr)")
        let lines = first.stdout.split(separator: "\n").filter { $0.hasPrefix("left out \(participant)/r_") }
        let reason = "not a participant's data (scripted participant, oscillator, 100x speed)"
        #expect(lines.count == 2 && lines.allSatisfy { $0.contains(reason) }, "\(first.stdout)")
        #expect(first.stdout.contains("added to the dataset 0,") && Self.runs(in: out).isEmpty, "\(first.stdout)")
        let overview = try String(contentsOf: out.appendingPathComponent("overview.html"), encoding: .utf8)
        #expect(overview.contains("0 recordings collected") && overview.contains("2 recordings of demonstration data"))
        let second = try lab.collect(into: out)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(try Self.report(second).exported.count == 2, "\(second.stdout)")
        #expect(Self.runs(in: out).count == 2)
    }

    static func report(_ result: ProcessResult) throws -> Report {
        try JSONDecoder().decode(Report.self, from: Data(result.stdout.utf8))
    }

    /// The codes of the errors the BIDS validator (bids-validator-deno, offline) finds in `dataset`,
    /// or `nil` when it is not installed.
    static func validatorErrors(_ dataset: URL) throws -> [String]? {
        let validator = ProjectPaths.root.appendingPathComponent(".venv/bin/bids-validator-deno")
        guard FileManager.default.isExecutableFile(atPath: validator.path) else { return nil }
        let result = try ProcessRunner.run(validator, ["--format", "json", dataset.path])
        struct Validation: Decodable {
            struct Issues: Decodable { var issues: [Issue] }
            struct Issue: Decodable { var code: String; var severity: String }
            var issues: Issues
        }
        return try JSONDecoder().decode(Validation.self, from: Data(result.stdout.utf8)).issues.issues.filter { $0.severity == "error" }.map(\.code)
    }

    /// Every EDF of the dataset, relative to it.
    static func runs(in out: URL) -> [String] {
        var found: [String] = []
        let enumerator = FileManager.default.enumerator(at: out, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            if url.path.contains("/.collect/") { continue }
            if url.lastPathComponent.hasSuffix("_eeg.edf") { found.append(String(url.path.dropFirst(out.path.count + 1))) }
        }
        return found.sorted()
    }

    /// Every file of the dataset (its state folder aside), by its path below it.
    static func contents(_ out: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for path in try FileManager.default.subpathsOfDirectory(atPath: out.path) where !path.hasPrefix(".collect") {
            var isFolder: ObjCBool = false
            let url = out.appendingPathComponent(path)
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue else { continue }
            files[path] = try Data(contentsOf: url)
        }
        return files
    }

    /// The files below `folder` that hold `text` or are PDFs.
    static func files(in folder: URL, holding text: String) throws -> [String] {
        guard let paths = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        var found: [String] = []
        while let path = paths.nextObject() as? String {
            guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(path).path) else { continue }
            if data.starts(with: Data("%PDF".utf8)) || data.range(of: Data(text.utf8)) != nil { found.append(path) }
        }
        return found
    }

    /// Size and modification time of every file of the dataset (its state folder aside).
    static func snapshot(_ out: URL) throws -> [String: String] {
        var files: [String: String] = [:]
        let enumerator = FileManager.default.enumerator(at: out, includingPropertiesForKeys: [.contentModificationDateKey, .fileSizeKey])
        while let url = enumerator?.nextObject() as? URL {
            if url.path.contains("/.collect") { continue }
            let values = try url.resourceValues(forKeys: [.contentModificationDateKey, .fileSizeKey])
            files[url.path] = "\(values.fileSize ?? -1) \(values.contentModificationDate?.timeIntervalSince1970 ?? 0)"
        }
        return files
    }

    @Test func twoParticipantsBecomeOneValidDatasetAndASecondCollectFetchesNothing() throws {
        let lab = try Lab()
        let a = try lab.participant(mode: "at-rest")
        let b = try lab.participant(mode: "at-upload")
        let out = lab.dir.path("dataset")
        let first = try lab.collect(into: out)
        #expect(first.status == 0, "\(first.stderr)")
        let report = try Self.report(first)
        #expect(report.problems.isEmpty && report.waiting.isEmpty, "\(report.problems) \(report.waiting)")
        // Each participant's consent record and PDF stay sealed on the server, never downloaded.
        #expect(report.consentKeptSealed == 4)
        // Only their manifests are read (to learn what they are), never the sealed record or PDF.
        #expect(try lab.gets().filter { $0.path.contains("/c_") }.allSatisfy(\.isManifest))
        let runs = Self.runs(in: out)
        #expect(!runs.isEmpty && report.exported.count == runs.count, "\(runs)")
        for who in [a, b] {
            let label = who.lowercased().filter { $0.isLetter || $0.isNumber }
            #expect(runs.contains { $0.hasPrefix("sub-\(label)/") }, "\(runs)")
        }
        // The BIDS validator: no error.
        let errors = try #require(try Self.validatorErrors(out), "bids-validator-deno is not installed in .venv: run scripts/bootstrap")
        #expect(errors.isEmpty, "validator errors: \(errors)")
        // MNE-BIDS reads every run.
        let script = """
            import sys, json, warnings, mne_bids
            warnings.simplefilter('ignore')
            paths = mne_bids.BIDSPath(root=sys.argv[1], datatype='eeg', suffix='eeg', extension='.edf').match()
            print(json.dumps([len(mne_bids.read_raw_bids(p, verbose='error').times) for p in paths]))
            """
        let lengths = try PythonTool.json([Int].self, script: script, arguments: [out.path])
        #expect(lengths.count == runs.count && lengths.allSatisfy { $0 > 0 }, "\(lengths)")
        // Nothing decrypted is left in the dataset's state folder.
        let mirror = try FileManager.default.subpathsOfDirectory(atPath: out.appendingPathComponent(".collect/mirror").path)
        #expect(mirror.filter { $0.hasSuffix(".h5") || $0.hasSuffix(".json") }.isEmpty, "\(mirror)")

        // A second collect downloads nothing unchanged and rewrites nothing.
        let getsBefore = try lab.server.requests(atLeast: 1) { $0.method == "GET" }.count
        let before = try Self.snapshot(out)
        let second = try lab.collect(into: out)
        #expect(second.status == 0, "\(second.stderr)")
        let again = try Self.report(second)
        #expect(again.collected.isEmpty && again.exported.isEmpty && again.unchanged == report.collected.count + report.consentKeptSealed)
        #expect(try lab.server.requests { $0.method == "GET" }.count == getsBefore)
        #expect(try Self.snapshot(out) == before)
    }

    /// `--study` naming another study than the uploads': one line saying so, not one per upload.
    @Test func theWrongStudyIsOneLine() throws {
        let lab = try Lab()
        try lab.participant(mode: "at-rest")
        let other = lab.dir.path("other-study")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        var root = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: Self.study).appendingPathComponent("study.json")))
                as? [String: Any])
        root["id"] = "another-study"
        try JSONSerialization.data(withJSONObject: root).write(to: other.appendingPathComponent("study.json"))
        var arguments = lab.arguments(out: lab.dir.path("dataset"), json: false)
        arguments[arguments.firstIndex(of: "--study")! + 1] = other.path
        let result = try CLI.run(arguments)
        #expect(result.status == 1, "\(result.stderr)")
        let problems = result.stderr.split(separator: "\n").filter { $0.contains("problem: ") }
        #expect(problems.count == 1 && problems[0].contains("belong to another study") && problems[0].contains("wrong --study?"), "\(result.stderr)")
    }

    @Test func aCorruptedFileAndAForeignKeyAreProblemsKeptOutOfTheDataset() throws {
        let lab = try Lab()
        let good = try lab.participant(mode: "at-rest")
        // Another lab's key: this participant's device seals everything to it.
        let foreign = try GPGTestHome()
        let foreignFingerprint = try foreign.generateKey(userID: "Other Lab <other@example.invalid>")
        let foreignKey = lab.dir.path("foreign.asc")
        try foreign.exportPublic(foreignFingerprint, to: foreignKey)
        let stranger = try lab.participant(mode: "at-upload", key: (foreignKey, foreignFingerprint))
        // One of the good participant's recordings is damaged on the server (same size, other bytes).
        let recordings = try lab.server.storedFiles().filter { $0.hasPrefix(good + "/r_") }
        let damaged = try #require(recordings.first)
        let url = lab.server.root.appendingPathComponent(damaged)
        var bytes = try Data(contentsOf: url)
        bytes[bytes.count / 2] ^= 0xFF
        try bytes.write(to: url)

        let out = lab.dir.path("dataset")
        let result = try lab.collect(into: out)
        #expect(result.status == 1, "\(result.stderr)")
        let report = try Self.report(result)
        #expect(report.problems.contains { $0.remote == damaged && $0.reason == "checksum" }, "\(report.problems)")
        let foreignProblems = report.problems.filter { $0.remote.hasPrefix(stranger + "/") }
        #expect(!foreignProblems.isEmpty && foreignProblems.allSatisfy { $0.reason == "foreign-key" }, "\(foreignProblems)")
        #expect(result.stderr.contains("problem: \(damaged): checksum"))
        // Retried once: two GETs of the damaged file, then left out.
        #expect(try lab.gets().filter { $0.path == "/" + damaged }.count == 2)
        let runs = Self.runs(in: out)
        let strangerLabel = stranger.lowercased().filter { $0.isLetter || $0.isNumber }
        #expect(!runs.isEmpty && runs.allSatisfy { !$0.hasPrefix("sub-\(strangerLabel)") }, "\(runs)")
        #expect(runs.count == recordings.count - 1, "\(runs) \(recordings)")
        // Still listed (and still exit 1) next time, without downloading again.
        let gets = try lab.gets().count
        let again = try lab.collect(into: out)
        #expect(again.status == 1)
        #expect(try Self.report(again).problems.count == report.problems.count)
        #expect(try lab.gets().count == gets)
    }

    @Test func eachSealedFileIsDecryptedOnceInAFirstCollect() throws {
        let lab = try Lab()
        try lab.participant(mode: "at-rest")
        // gpg logs every decryption it makes in the study key's home (GPGME runs gpg once per file).
        let log = lab.dir.path("gpg.log")
        let conf = lab.gpg.url.appendingPathComponent("gpg.conf")
        let existing = (try? String(contentsOf: conf, encoding: .utf8)) ?? ""
        try (existing + "\nlog-file \(log.path)\n").write(to: conf, atomically: true, encoding: .utf8)
        let out = lab.dir.path("dataset")
        let result = try lab.collect(into: out)
        #expect(result.status == 0, "\(result.stderr)")
        let report = try Self.report(result)
        #expect(!report.exported.isEmpty)
        // Every sealed file downloaded — manifests, recordings, trial tables — is decrypted once: a
        // recording's one copy serves its check, its export and the overview. Questionnaires are not
        // decrypted at all (this study's dataset has no phenotype tables, the overview counts them).
        let sealed = try lab.gets().map(\.path).filter { path in
            path.hasSuffix(".gpg") && (WebDAVTestShare.isManifest(path) || !(path as NSString).lastPathComponent.hasPrefix("q_"))
        }
        let decryptions = try String(contentsOf: log, encoding: .utf8).components(separatedBy: "\n").filter { $0.contains("encrypted with") }
        #expect(decryptions.count == sealed.count, "\(decryptions.count) decryptions of \(sealed.count) files: \(sealed)")
        #expect(sealed.contains { (($0 as NSString).lastPathComponent).hasPrefix("r_") && !WebDAVTestShare.isManifest($0) })
    }

    @Test func aKilledCollectResumesWhereItStopped() throws {
        let lab = try Lab()
        try lab.participant(mode: "at-rest")
        try lab.participant(mode: "at-upload")
        let out = lab.dir.path("dataset")
        let process = Process()
        process.executableURL = try CLI.binary()
        process.arguments = [
            "collect", "--from", lab.server.baseURL, "--study", Self.study, "--out", out.path, "--secrets", lab.secrets.path, "--gnupg-home",
            lab.gpg.url.path, "--include-simulated",
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Killed (SIGKILL: no handler runs) once it has recorded its first item.
        let state = out.appendingPathComponent(".collect/state.json")
        #expect(FileWaiter.until(timeout: 60) { FileManager.default.fileExists(atPath: state.path) })
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let resumed = try lab.collect(into: out)
        #expect(resumed.status == 0, "\(resumed.stderr)")
        let report = try Self.report(resumed)
        // What the killed run had checked is not fetched again.
        #expect(report.unchanged >= 1, "\(report)")
        #expect(report.problems.isEmpty)
        let runs = Self.runs(in: out)
        let recordings = try lab.server.storedFiles().filter { ($0 as NSString).lastPathComponent.hasPrefix("r_") }
        #expect(runs.count == recordings.count, "\(runs) \(recordings)")
        let third = try lab.collect(into: out)
        #expect(try Self.report(third).collected.isEmpty)
    }

    @Test func fourConnectionsGiveTheDatasetOfOneWithProgressOnTheTerminalAndLinesWhenPiped() throws {
        let lab = try Lab()
        try lab.participant(mode: "at-rest")
        try lab.participant(mode: "at-upload")
        let one = lab.dir.path("one"), four = lab.dir.path("four")
        // Piped, without --json: one line per item on standard error, no bar.
        let serial = try lab.collect(into: one, json: false, ["--connections", "1"])
        #expect(serial.status == 0, "\(serial.stderr)")
        #expect(serial.stderr.contains("collect download 1/") && serial.stderr.contains("collect convert 1/"), "\(serial.stderr)")
        #expect(!serial.stderr.contains("\r") && !serial.stderr.contains("\u{1B}"))
        // On a terminal: the bar, redrawn in place, through both phases.
        let shown = try PythonTool.run(
            script: PseudoTerminal.python + """
                import os, sys
                pid, fd, _ = spawn(sys.argv[1:], size=(24, 120))
                out = read_to_end(fd)
                _, status = os.waitpid(pid, 0)
                sys.stdout.write(str(os.waitstatus_to_exitcode(status)) + '\\n' + out.decode('utf-8', 'replace'))
                """, arguments: [try CLI.binary().path] + lab.arguments(out: four, json: false, ["--connections", "4"]))
        #expect(shown.hasPrefix("0\n"), "\(shown)")
        #expect(shown.contains("\u{1B}[2Kcollect download [") && shown.contains("\u{1B}[2Kcollect convert ["), "\(shown)")
        #expect(shown.contains("100% "), "\(shown)")
        // The same dataset, file for file, byte for byte.
        let serialFiles = try Self.contents(one), parallelFiles = try Self.contents(four)
        #expect(!serialFiles.isEmpty && serialFiles == parallelFiles, "\(serialFiles.keys.sorted()) \(parallelFiles.keys.sorted())")
        // --json: standard output is the report only, standard error no progress.
        let quiet = try lab.collect(into: lab.dir.path("json"), json: true, ["--connections", "4"])
        #expect(quiet.status == 0 && !quiet.stderr.contains("collect download"), "\(quiet.stderr)")
        #expect(try Self.report(quiet).exported.count == Self.runs(in: four).count)
        let refused = try lab.collect(into: lab.dir.path("none"), ["--connections", "17"])
        #expect(refused.status == 64 && refused.stderr.contains("--connections"), "\(refused.stderr)")
    }

    @Test(.enabled(if: Executables.available(["pdftotext"])))
    func consentStaysSealedUnlessAskedForAndThenOnlyInItsOwnPrivateFolder() throws {
        let lab = try Lab()
        let a = try lab.participant(mode: "at-rest")
        let b = try lab.participant(mode: "at-upload")
        let out = lab.dir.path("dataset")
        let first = try lab.collect(into: out)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(try Self.report(first).consentKeptSealed == 4)
        // No name and no PDF under --out, nor in the scratch.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("study-recorder-plaintext-\(getuid())")
        #expect(try Self.files(in: out, holding: "Ada Example").isEmpty)
        #expect(try Self.files(in: scratch, holding: "Ada Example").filter { $0.contains(a) || $0.contains(b) }.isEmpty)
        // Inside the dataset: refused, nothing decrypted.
        let inside = try lab.collect(into: out, ["--with-consent", out.appendingPathComponent("consent").path])
        #expect(inside.status == 64, "\(inside.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("consent").path))
        // Asked for: decrypted into its own folder, owner-only, named by UUID.
        let consent = lab.dir.path("consent")
        let second = try lab.collect(into: out, ["--with-consent", consent.path])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(try Self.report(second).consentDecrypted == 4)
        let names = try FileManager.default.contentsOfDirectory(atPath: consent.path).sorted()
        #expect(names == [a, b].flatMap { ["\($0.uppercased()).json", "\($0.uppercased()).pdf"] }.sorted(), "\(names)")
        #expect(try FileManager.default.attributesOfItem(atPath: consent.path)[.posixPermissions] as? Int == 0o700)
        for name in names {
            #expect(try FileManager.default.attributesOfItem(atPath: consent.appendingPathComponent(name).path)[.posixPermissions] as? Int == 0o600)
        }
        for who in [a, b] {
            let text = try ProcessRunner.run(
                URL(fileURLWithPath: "/usr/bin/pdftotext"), [consent.appendingPathComponent("\(who.uppercased()).pdf").path, "-"]).stdout
            #expect(text.contains("Ada Example"), "\(text.prefix(300))")
        }
        #expect(try Self.files(in: out, holding: "Ada Example").isEmpty)
        // Once there, not fetched again.
        let third = try lab.collect(into: out, ["--with-consent", consent.path])
        #expect(try Self.report(third).consentDecrypted == 0)
    }
}
