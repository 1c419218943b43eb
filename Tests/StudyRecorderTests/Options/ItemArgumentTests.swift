import Foundation
import TestSupport
import Testing

/// Every command that takes an item takes the name `list` shows (and catalog paths, file names,
/// unique prefixes); a name that fits several items lists them (64), one that fits none is 66.
@Suite(.tags(.process))
struct ItemArgumentTests {
    static let alice = "6F1C2D3E-0000-4000-8000-00000000000A"
    static let bob = "6F1C2D3E-0000-4000-8000-00000000000B"

    @Test func theNamesListShowsWorkInExportReportAndAnalyze() throws {
        let dir = try TemporaryDirectory("cli-item-names")
        let data = dir.path("data").path
        for (who, paradigm) in [(Self.alice, "rest"), (Self.alice, "walk"), (Self.bob, "rest")] {
            let made = try CLI.run([
                "record", "--data", data, "--duration", "2s", "--speed", "0", "--paradigm", paradigm, "--participant", who,
            ])
            try #require(made.status == 0, "\(made.stderr)")
        }
        let list = try CLI.run(["list", "--data", data, "--participant", Self.alice])
        let walk = try #require(
            list.stdout.split(separator: " ").map(String.init).first { $0.hasPrefix("r_walk_") }?.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(walk.hasSuffix(".h5") && !walk.contains(Self.alice), "\(list.stdout)")
        // Outside a study a recording is day 1, session 1, and it is named after what it is.
        #expect(walk.hasPrefix("r_walk_1_1_"), "\(walk)")

        let csv = try CLI.run(["export", "--data", data, walk, "--format", "csv", "--out", dir.path("csv").path])
        #expect(csv.status == 0, "\(csv.stderr)")
        let report = try CLI.run(["report", "--data", data, "r_walk", "--out", dir.path("walk.html").path])
        #expect(report.status == 0, "\(report.stderr)")
        let analyze = try CLI.run(["analyze", "--data", data, walk])
        #expect(analyze.status == 0 && analyze.stdout.contains("4 channels"), "\(analyze.stderr)")

        // Two participants' rest: the name fits both, and the line lists both paths.
        let ambiguous = try CLI.run(["export", "--data", data, "r_rest", "--format", "csv", "--out", dir.path("csv2").path])
        #expect(ambiguous.status == 64, "\(ambiguous.stderr)")
        #expect(ambiguous.stderr.contains(Self.alice) && ambiguous.stderr.contains(Self.bob), "\(ambiguous.stderr)")
        #expect(ambiguous.stderr.split(separator: "\n").count == 1)
        let unknown = try CLI.run(["report", "--data", data, "r_run", "--out", dir.path("x.html").path])
        #expect(unknown.status == 66 && unknown.stderr.contains("r_run"), "\(unknown.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.path("csv2").path))
    }

    /// `record` with several participants here and none named says which are here, as `consent` does.
    @Test func recordNamesTheParticipantsToChooseFrom() throws {
        let dir = try TemporaryDirectory("cli-item-participants")
        let data = dir.path("data").path
        for who in [Self.alice, Self.bob] {
            #expect(try CLI.run(["record", "--data", data, "--duration", "1s", "--speed", "0", "--participant", who]).status == 0)
        }
        // Without --paradigm a recording is named for what it is, never "noName".
        let listed = try CLI.run(["list", "--data", data, "--participant", Self.bob])
        #expect(listed.stdout.contains("r_recording_1_1_") && !listed.stdout.contains("noName"), "\(listed.stdout)")
        let unnamed = try CLI.run(["record", "--data", data, "--duration", "1s", "--speed", "0"])
        #expect(unnamed.status == 64, "\(unnamed.stderr)")
        #expect(unnamed.stderr.contains("2 participants") && unnamed.stderr.contains(Self.alice) && unnamed.stderr.contains(Self.bob))
    }

    /// A daily report to one path: refused (73) unless `--replace`, which swaps the page atomically.
    @Test func aReportReplacesItsFileOnlyWhenAsked() throws {
        let dir = try TemporaryDirectory("cli-report-replace")
        let data = dir.path("data").path
        #expect(try CLI.run(["record", "--data", data, "--duration", "2s", "--speed", "0", "--paradigm", "rest"]).status == 0)
        let page = dir.path("daily.html").path
        #expect(try CLI.run(["report", "--data", data, "r_rest", "--out", page]).status == 0)
        try Data("old".utf8).write(to: URL(fileURLWithPath: page))
        let refused = try CLI.run(["report", "--data", data, "r_rest", "--out", page])
        #expect(refused.status == 73 && refused.stderr.contains("--replace"), "\(refused.stderr)")
        let replaced = try CLI.run(["report", "--data", data, "r_rest", "--out", page, "--replace"])
        #expect(replaced.status == 0, "\(replaced.stderr)")
        #expect(try String(contentsOfFile: page, encoding: .utf8).contains("<html"))
    }
}
