import Foundation
import Storage
import TestSupport
import Testing

/// `report` and the post-session report of `run`, end to end with the built binary: pages rendered
/// by real headless Chromium, values compared with the stored files, the refusals and exit codes,
/// and what happens when the recordings are sealed at rest.
@Suite(.tags(.process, .server, .chromium))
struct ReportCommandTests {
    /// The short reaction-time study (one block of 10 trials) asking for a post-session report.
    static func reportingStudy(in dir: TemporaryDirectory) throws -> URL {
        let folder = try ReactionTimeTimingTests.shortStudy(in: dir)
        let url = folder.appendingPathComponent("study.json")
        var root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        var settings = root["settings"] as? [String: Any] ?? [:]
        settings["report"] = "afterEachSession"
        settings["cues"] = "none"
        root["settings"] = settings
        try JSONSerialization.data(withJSONObject: root).write(to: url)
        return folder
    }

    @Test func runWritesThePostSessionReportWithTheTrialsOfTheTable() async throws {
        let dir = try TemporaryDirectory("cli-report-run")
        let study = try Self.reportingStudy(in: dir)
        let data = dir.path("data")
        let bin = try CLI.binary()
        #expect(try CLI.run(["validate", study.path]).status == 0)
        let enrolled = try await ProcessRunner.runDetached(bin, ["enroll", study.path, "--data", data.path, "--name", "Ida Quintessa", "--auto"])
        try #require(enrolled.status == 0, "\(enrolled.stderr)")
        let run = try await ProcessRunner.runDetached(
            bin, ["run", study.path, "--data", data.path, "--auto", "--json", "--seed", "11", "--speed", "8"])
        try #require(run.status == 0, "\(run.stderr)")
        struct Report: Decodable {
            struct Item: Decodable { var kind: String; var path: String }
            var stored: [Item]
            var report: String?
        }
        let report = try JSONDecoder().decode(Report.self, from: Data(run.stdout.utf8))
        let path = try #require(report.report)
        #expect(path.hasPrefix("reports/report_reaction_1_1_") && path.hasSuffix(".html"))
        let file = data.appendingPathComponent(path)
        let html = try String(contentsOf: file, encoding: .utf8)
        #expect(!html.contains("Ida") && !html.contains("Quintessa"), "no name in the report")

        // The trials shown are the table's: count, outcomes and latencies in order.
        let tablePath = try #require(report.stored.first { $0.kind == "trials" }?.path)
        let table = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: data.appendingPathComponent(tablePath))) as? [String: Any])
        let trials = try #require(table["trials"] as? [[String: Any]])
        let page = try HeadlessChromium.render(file, width: 390, height: 1400)
        #expect(page.console.isEmpty, "\(page.console)")
        let shown = try #require(page.dom.components(separatedBy: "<table class=\"trials\">").last?.components(separatedBy: "</table>").first)
        let rows = shown.components(separatedBy: "<tr>").dropFirst(2).map { $0 }
        #expect(rows.count == trials.count && trials.count == 10)
        for (row, trial) in zip(rows, trials) {
            let latency = (trial["latencyMs"] as? NSNumber).map { String(format: ">%.1f<", $0.doubleValue) } ?? ">–<"
            #expect(row.contains(latency) && row.contains(">\(trial["outcome"] as? String ?? "?")<"), "\(row) vs \(trial)")
        }
        let recording = try #require(report.stored.first { $0.kind == "recording" }?.path)
        #expect(page.dom.contains((recording as NSString).lastPathComponent))

        // A derived local file: not in the catalog, not adopted by recovery, not listed.
        let recovered = try CLI.run(["recover", "--data", data.path])
        #expect(recovered.status == 0, "\(recovered.stderr)")
        let listed = try CLI.run(["list", "--data", data.path, "--json"])
        #expect(!listed.stdout.contains("report_") && !listed.stdout.contains(".html"))
        #expect(FileManager.default.fileExists(atPath: file.path))
    }

    @Test func reportOfARecordingAndItsRefusals() throws {
        let dir = try TemporaryDirectory("cli-report")
        let (data, item) = try ExportCommandTests.record(in: dir, seconds: 12, dropouts: 10)
        let out = dir.path("out/session.html")
        let made = try CLI.run(["report", "--data", data.path, item, "--out", out.path, "--json"])
        #expect(made.status == 0, "\(made.stderr)")
        let output = try #require(try JSONSerialization.jsonObject(with: Data(made.stdout.utf8)) as? [String: Any])
        #expect(output["file"] as? String == out.path && (output["items"] as? [String]) == [item])
        let page = try HeadlessChromium.render(out, screenshot: false)
        #expect(page.console.isEmpty, "\(page.console)")
        #expect(page.dom.contains("data-field=\"duration\">12.0 s</dd>"))
        // The verdict and its evidence are `analyze`'s.
        let analyzed = try CLI.run(["analyze", data.appendingPathComponent(item).path, "--json"])
        let analysis = try #require(
            (try JSONSerialization.jsonObject(with: Data(analyzed.stdout.utf8)) as? [String: Any])?["analysis"] as? [String: Any])
        let verdict = try #require(analysis["verdict"] as? String)
        let windows = try #require((analysis["summary"] as? [String: Any])?["windowCount"] as? Int)
        #expect(
            page.dom.contains("\">\(verdict)</span>") && page.dom.contains("<li>\(windows) quality windows of 2 s judged"),
            "verdict \(verdict), \(windows) windows")

        // Reports never overwrite (73); unknown items and participants are 66; bad usage 64.
        #expect(try CLI.run(["report", "--data", data.path, item, "--out", out.path]).status == 73)
        let missing = try CLI.run(["report", "--data", data.path, "nobody/r_x_1_1_1_nobody.h5", "--out", dir.path("x.html").path])
        #expect(missing.status == 66 && missing.stderr.split(separator: "\n").count == 1)
        #expect(try CLI.run(["report", "--data", data.path, "--participant", UUID().uuidString, "--out", dir.path("p.html").path]).status == 66)
        #expect(try CLI.run(["report", "--data", data.path, "--participant", "not-a-uuid"]).status == 64)
        #expect(try CLI.run(["report", "--data", data.path]).status == 64)
        #expect(try CLI.run(["report", "--data", dir.path("no-such-folder").path, item]).status == 66)
        let participant = String(item.prefix { $0 != "/" })
        let view = try CLI.run(["report", "--data", data.path, "--participant", participant, "--out", dir.path("participant.html").path])
        #expect(view.status == 0 && view.stdout.hasPrefix("wrote "), "\(view.stderr)")
        #expect(try CLI.run(["report", "--help"]).stdout.contains("--participant"))

        // Inside the data folder (also of an unencrypted recording, also through a symbolic link): 64, one
        // line, nothing written; the catalog, recovery and upload never see a report.
        let link = dir.path("data-link")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: data)
        for target in [
            data.appendingPathComponent(item).deletingLastPathComponent().appendingPathComponent("r.html"), link.appendingPathComponent("r.html"),
        ] {
            let inside = try CLI.run(["report", "--data", data.path, item, "--out", target.path])
            #expect(
                inside.status == 64 && inside.stderr.contains("data folder") && inside.stderr.split(separator: "\n").count == 1, "\(inside.stderr)")
            #expect(!FileManager.default.fileExists(atPath: target.path))
        }

        // A catalogued file that is not a readable recording: one line naming it, 65, nothing written.
        try Data("not HDF5 at all".utf8).write(to: data.appendingPathComponent(item))
        let broken = try CLI.run(["report", "--data", data.path, item, "--out", dir.path("broken.html").path])
        #expect(
            broken.status == 65 && broken.stderr.contains((item as NSString).lastPathComponent) && broken.stderr.split(separator: "\n").count == 1,
            "\(broken.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.path("broken.html").path))
    }

    /// Sealed at rest: `run` writes no report (one line says why), and `report` needs the secret key
    /// and an output outside the data folder.
    @Test func sealedRecordingsGetNoPostSessionReportAndNeedTheKey() async throws {
        let server = try WebDAVTestServer()
        let dir = try TemporaryDirectory("cli-report-sealed")
        let (gpg, setup) = try PrivacyTests.sealingSetup(dir, server: server, armored: false)
        defer { GPGTestHome.stopAgent(home: setup.data.appendingPathComponent("private/gnupg")) }
        let study = try Self.reportingStudy(in: dir)
        let bin = try CLI.binary()
        let enrolled = try await ProcessRunner.runDetached(
            bin, ["enroll", study.path, "--data", setup.data.path, "--name", "Ida Quintessa", "--auto"])
        try #require(enrolled.status == 0, "\(enrolled.stderr)")
        let run = try await ProcessRunner.runDetached(bin, ["run", study.path, "--data", setup.data.path, "--auto", "--speed", "20", "--seed", "3"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("post-session report not written: the recordings are encrypted"))
        #expect(!FileManager.default.fileExists(atPath: setup.data.appendingPathComponent("reports").path))

        let store = try DataStore(root: setup.data)
        let sealed = try #require(try store.catalog.items().first { $0.kind == .recording })
        #expect(sealed.encryption == .openpgp)
        let inside = try CLI.run([
            "report", "--data", setup.data.path, sealed.path, "--out", setup.data.appendingPathComponent("r.html").path, "--gnupg-home", gpg.url.path,
        ])
        #expect(inside.status == 64 && inside.stderr.contains("data folder"))
        let emptyRing = dir.path("empty-ring")
        try FileManager.default.createDirectory(at: emptyRing, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        defer { GPGTestHome.stopAgent(home: emptyRing) }
        let noKey = try CLI.run(["report", "--data", setup.data.path, sealed.path, "--out", dir.path("r.html").path, "--gnupg-home", emptyRing.path])
        #expect(noKey.status == 77 && noKey.stderr.split(separator: "\n").count == 1, "\(noKey.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.path("r.html").path))
        let withKey = try CLI.run(["report", "--data", setup.data.path, sealed.path, "--out", dir.path("r.html").path, "--gnupg-home", gpg.url.path])
        #expect(withKey.status == 0, "\(withKey.stderr)")
        let html = try String(contentsOf: dir.path("r.html"), encoding: .utf8)
        #expect(html.contains("<h3>Reaction time per trial</h3>") && !html.contains("Quintessa"))
        let plaintext = try PrivacyTests.files(under: setup.data).filter {
            !$0.hasPrefix("private/") && ($0.hasSuffix(".h5") || $0.hasSuffix(".html"))
        }
        #expect(plaintext.isEmpty, "\(plaintext)")
    }
}
