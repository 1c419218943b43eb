import Foundation
import Storage
import TestSupport
import Testing
import Transfer

/// `collect` end to end against a server nobody on the lab's side controls: a real participant's
/// uploads (enrolled, two sessions run, uploaded by `upload`) on `HostileWebDAVServer`, with the
/// attacks of a hostile upload account and the faults of a failing server played beside them. With
/// every attack at once, nothing is written outside `--out`, the terminal gets no control character,
/// and the participant's recordings still become a dataset that the BIDS validator passes; a server
/// dying part way is 75 and the next run completes; a full disk is 74 and the next run, with space,
/// exports what was missing. The collector's rules one by one are `CollectorUntrustedServerTests`.
@Suite(.tags(.process, .server), .enabled(if: Executables.available([], python: true)))
struct CollectUntrustedServerTests {
    static let study = ProjectPaths.root.appendingPathComponent("Studies/reaction-time").path

    /// A participant's uploads, made once for the suite: the server's folder after `upload`.
    final class Uploads: @unchecked Sendable {
        let dir: TemporaryDirectory
        let participant: String
        /// The participant's folder as the server holds it.
        let folder: URL

        init() throws {
            let server = try HostileWebDAVServer()
            dir = try TemporaryDirectory("collect-untrusted-uploads")
            let setup = try TransferCLISetup(folder: dir, webdavURL: server.baseURL, password: "unused")
            let enrolled = try CLI.run(["enroll", CollectUntrustedServerTests.study, "--data", setup.data.path, "--name", "Ada Example", "--auto"])
            guard enrolled.status == 0 else { throw TestToolError.failed("enroll: \(enrolled.stderr)") }
            for _ in 1...2 {
                let ran = try CLI.run(["run", CollectUntrustedServerTests.study, "--data", setup.data.path, "--auto", "--speed", "100"])
                guard ran.status == 0 else { throw TestToolError.failed("run: \(ran.stderr)") }
            }
            let uploaded = try CLI.run(["upload", "--data", setup.data.path])
            guard uploaded.status == 0 else { throw TestToolError.failed("upload: \(uploaded.stdout) \(uploaded.stderr)") }
            let folders = try FileManager.default.contentsOfDirectory(atPath: server.root.path).filter { UUID(uuidString: $0) != nil }
            guard let participant = folders.first else { throw TestToolError.failed("upload left no participant folder") }
            self.participant = participant
            folder = dir.path("server-copy").appendingPathComponent(participant)
            try FileManager.default.createDirectory(at: folder.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: server.root.appendingPathComponent(participant), to: folder)
            server.stop()
        }
    }

    static let uploads = Result { try Uploads() }

    /// A server holding the participant's uploads.
    static func server() throws -> (HostileWebDAVServer, Uploads) {
        let uploads = try Self.uploads.get()
        let server = try HostileWebDAVServer()
        try FileManager.default.copyItem(at: uploads.folder, to: server.root.appendingPathComponent(uploads.participant))
        return (server, uploads)
    }

    /// `collect` of the server into `out`; the participant is scripted (`--auto`), so its recordings
    /// join the dataset with `--include-simulated`.
    static func collect(_ server: HostileWebDAVServer, out: URL, _ more: [String] = []) throws -> ProcessResult {
        try CLI.run(["collect", "--from", server.baseURL, "--study", study, "--out", out.path, "--include-simulated"] + more)
    }

    /// The manifest the uploader would write for `data` uploaded as `name` (claiming `size` bytes).
    static func manifest(for data: Data, name: String, participant: String, size: Int? = nil) throws -> Data {
        var digest = SHA256()
        digest.update(data)
        let item = CatalogItem(
            kind: .recording, path: "\(participant)/\(name)", participant: participant, study: "reaction-time", title: "rest", day: 1, session: 2,
            run: 9, size: Int64(size ?? data.count), sha256: digest.finalizeHex(), state: .transmitted)
        return try UploadManifest(item: item, uploaded: .init(name: name, size: item.size, sha256: item.sha256 ?? "", encrypted: false)).encoded()
    }

    /// Every path below `folder`.
    static func tree(_ folder: URL) -> Set<String> {
        Set(FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? [])
    }

    @Test func everyAttackAtOnceLeavesNothingOutsideTheDatasetNoControlCharacterAndAValidDataset() throws {
        let (server, uploads) = try Self.server()
        let p = uploads.participant
        var extra: [HostileWebDAVServer.Extra] = []
        func attack(_ name: String, _ data: Data = Data("attack".utf8)) throws {
            extra.append(.init(folder: p, name: name, data: data))
            extra.append(.init(folder: p, name: name + ".manifest.json", data: try Self.manifest(for: data, name: name, participant: p)))
        }
        try attack("../../../../pwned.h5")
        try attack("../../../../tmp/pwned_\(p).h5")
        try attack("r_rest\n_1_1_9_\(p).h5")
        try attack("r_rest\u{1B}]0;owned\u{07}\u{1B}[2J_1_1_9_\(p).h5")
        try attack("r_rest\r\t_1_1_9_\(p).h5")
        try attack("r_rest\u{0}_1_1_9_\(p).h5")
        try attack("r_\(String(repeating: "x", count: 5000))_\(p).h5")
        // A well-named item whose download has no end, and one answered with a redirect.
        try attack("r_rest_1_1_8_\(p).h5", Data(count: 1 << 20))
        try attack("r_rest_1_1_7_\(p).h5")
        // A well-named item, its manifest right, that is no recording: kept out at its check.
        try attack("r_rest_1_1_6_\(p).h5", Data("no HDF5 here".utf8))
        try server.play(
            .init(extra: extra, get: ["\(p)/r_rest_1_1_8_\(p).h5": .endless, "\(p)/r_rest_1_1_7_\(p).h5": .redirect]))
        // The dataset two levels down in the test's own folder, so that a name climbing out of the
        // dataset's work folder (`../../../../`) would land in the test's folder, where it is seen.
        let dir = try TemporaryDirectory("collect-untrusted")
        let out = dir.path("lab/dataset")
        try FileManager.default.createDirectory(at: dir.path("lab/tmp"), withIntermediateDirectories: true)
        let result = try Self.collect(server, out: out)
        #expect(result.status == 1, "\(result.stderr)")
        // Nothing outside --out.
        let outside = Self.tree(dir.url).filter { !$0.hasPrefix("lab/dataset") && $0 != "lab" && $0 != "lab/tmp" }
        #expect(outside.isEmpty, "\(outside)")
        #expect(!FileManager.default.fileExists(atPath: "/tmp/pwned_\(p).h5"))
        // The terminal: printable lines only, each a `study-recorder:` line or a piped progress line.
        for (stream, text) in [("stdout", result.stdout), ("stderr", result.stderr)] {
            let controls = text.unicodeScalars.filter { ($0.value < 0x20 && $0 != "\n") || $0.value == 0x7F || (0x80...0x9F).contains($0.value) }
            #expect(controls.isEmpty, "\(stream): \(controls.map(\.value))")
        }
        for line in result.stderr.split(separator: "\n") {
            #expect(line.hasPrefix("study-recorder: ") || line.hasPrefix("collect "), "\(line)")
            #expect(line.count < 700, "\(line.count) characters")
            #expect(!line.hasPrefix("Error:"))
        }
        // Each attack is a problem; the endless download stopped at its manifest's megabyte.
        let problems = result.stderr.split(separator: "\n").filter { $0.hasPrefix("study-recorder: problem: ") }
        #expect(problems.count >= 9, "\(problems)")
        #expect(problems.contains { $0.contains("r_rest_1_1_8_") && $0.contains(": server: ") })
        #expect(problems.contains { $0.contains("r_rest_1_1_7_") && $0.contains("redirect") })
        var bytes = 0
        for path in Self.tree(out) {
            bytes += ((try? FileManager.default.attributesOfItem(atPath: out.appendingPathComponent(path).path))?[.type] as? FileAttributeType) == .typeRegular
                ? ((try? FileManager.default.attributesOfItem(atPath: out.appendingPathComponent(path).path))?[.size] as? Int ?? 0) : 0
        }
        #expect(bytes < 40 << 20, "\(bytes) bytes in the dataset")
        // No folder of the dataset is empty (a refused item leaves no subject behind).
        for path in Self.tree(out) where !path.hasPrefix(".collect") {
            var isFolder: ObjCBool = false
            let url = out.appendingPathComponent(path)
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue {
                #expect(try !FileManager.default.contentsOfDirectory(atPath: url.path).isEmpty, "\(path) is empty")
            }
        }
        // The participant's recordings are in the dataset, which the BIDS validator passes.
        let runs = CollectCommandTests.runs(in: out)
        #expect(runs.count == 2, "\(runs)")
        let errors = try #require(try CollectCommandTests.validatorErrors(out), "bids-validator-deno is not installed in .venv: run scripts/bootstrap")
        #expect(errors.isEmpty, "validator errors: \(errors)")
    }

    @Test func aListingWithoutEndIsCutWithinTheMemoryBoundAnd76() throws {
        let (server, _) = try Self.server()
        try server.play(.init(listing: ["": .endless]))
        let dir = try TemporaryDirectory("collect-endless-listing")
        let started = Date()
        // Peak memory from GNU time: the study's listing is bounded at 32 MiB, the process's own ~70 MB.
        let timed = try ProcessRunner.run(
            URL(fileURLWithPath: "/usr/bin/time"),
            ["-f", "peak-kib %M", try CLI.binary().path, "collect", "--from", server.baseURL, "--study", Self.study, "--out", dir.path("dataset").path])
        #expect(Date().timeIntervalSince(started) < 30)
        #expect(timed.status == 76, "\(timed.stderr)")
        let lines = timed.stderr.split(separator: "\n")
        #expect(lines.first?.hasPrefix("study-recorder: the server's listing of the study cannot be used: ") == true, "\(lines)")
        let peak = try #require(lines.last.flatMap { Int($0.dropFirst("peak-kib ".count)) })
        #expect(peak < 160 << 10, "\(peak) KiB at the peak")
    }

    @Test func aServerDyingPartWayIs75WithWhatCameKeptAndTheNextRunCompletesTheSameDataset() throws {
        let (server, _) = try Self.server()
        let dir = try TemporaryDirectory("collect-dying")
        // A clean collect, for comparison.
        let clean = dir.path("clean")
        let first = try Self.collect(server, out: clean, ["--json"])
        #expect(first.status == 0, "\(first.stderr)")
        // The server dies at its fifth GET (the third item's manifest was the last it answered).
        try server.play(.init(dieAfterGets: 4))
        let out = dir.path("dataset")
        let broken = try Self.collect(server, out: out, ["--connections", "1"])
        #expect(broken.status == 75, "\(broken.stdout) \(broken.stderr)")
        #expect(broken.stderr.contains("study-recorder: deferred: "), "\(broken.stderr)")
        #expect(!broken.stderr.contains("Error:"))
        #expect(broken.stdout.contains("deferred "), "\(broken.stdout)")
        try server.play(.init())
        try server.start()
        let again = try Self.collect(server, out: out, ["--json"])
        #expect(again.status == 0, "\(again.stderr)")
        // The same dataset as one clean run (the overview page aside, which says when it was made).
        var a = try CollectCommandTests.contents(clean), b = try CollectCommandTests.contents(out)
        a["overview.html"] = nil
        b["overview.html"] = nil
        #expect(a.keys.sorted() == b.keys.sorted())
        #expect(a == b)
    }

    @Test(.enabled(if: ProjectPaths.isCI || Tmpfs.canMount, "needs root to mount a small tmpfs"))
    func aFullDiskIs74InOneLineAndTheNextRunWithSpaceExportsWhatWasMissing() throws {
        let (server, uploads) = try Self.server()
        let dir = try TemporaryDirectory("collect-full")
        let mount = dir.path("disk")
        try FileManager.default.createDirectory(at: mount, withIntermediateDirectories: true)
        let mounted = try ProcessRunner.run(URL(fileURLWithPath: "/bin/mount"), ["-t", "tmpfs", "-o", "size=32m", "tmpfs", mount.path])
        try #require(mounted.status == 0, "\(mounted.stderr)")
        defer { _ = try? ProcessRunner.run(URL(fileURLWithPath: "/bin/umount"), [mount.path]) }
        // Room for the downloads and a little more, not for the dataset.
        var uploaded = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: uploads.folder.path) where !name.hasPrefix("c_") {
            uploaded += (try FileManager.default.attributesOfItem(atPath: uploads.folder.appendingPathComponent(name).path)[.size] as? Int) ?? 0
        }
        var st = statvfs()
        statvfs(mount.path, &st)
        let free = Int(st.f_bavail) * Int(st.f_frsize)
        let filler = mount.appendingPathComponent("filler")
        try Data(count: max(0, free - uploaded - (256 << 10))).write(to: filler)
        let out = mount.appendingPathComponent("dataset")
        let full = try Self.collect(server, out: out)
        #expect(full.status == 74, "\(full.stdout) \(full.stderr)")
        let lines = full.stderr.split(separator: "\n").filter { !$0.hasPrefix("collect ") }
        #expect(lines.count == 1 && lines[0].hasPrefix("study-recorder: ") && lines[0].contains("disk is full"), "\(lines)")
        #expect(!full.stderr.contains("NSCocoaErrorDomain"))
        // Nothing half-written published: every run in the dataset is whole (the same bytes as the
        // next run leaves).
        let partial = try CollectCommandTests.contents(out)
        try FileManager.default.removeItem(at: filler)
        let again = try Self.collect(server, out: out, ["--json"])
        #expect(again.status == 0, "\(again.stderr)")
        let runs = CollectCommandTests.runs(in: out)
        #expect(runs.count == 2, "\(runs)")
        let whole = try CollectCommandTests.contents(out)
        for (path, data) in partial where path.hasSuffix(".edf") { #expect(whole[path] == data, "\(path)") }
    }
}
