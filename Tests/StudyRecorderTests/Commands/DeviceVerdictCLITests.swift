import Foundation
import TestSupport
import Testing

/// The verdicts and device facts the real CLI gives against a simulated headband with faults: the
/// headband's own off-head word and railed codes count as off the head (not motion) in `check`,
/// `analyze` and `report`; band power leaves the off-head stretch out; the battery is stored as data,
/// not every second; `check` ending on time is not a lost link; `record` says what goes wrong as it
/// happens.
@Suite(.tags(.process, .python))
struct DeviceVerdictCLITests {
    typealias Headband = MuseCLITests.Headband

    struct CheckJSON: Decodable {
        struct Device: Decodable {
            var on_head: Bool?
            var disconnected: Bool
            var ended: Bool?
        }
        struct Summary: Decodable {
            var windowCount: Int
            var offHeadWindows: Int
            var deviceOffHeadWindows: Int?
            var motionWindows: Int
        }
        var type: String
        var verdict: String?
        var advice: String?
        var summary: Summary?
        var device: Device?
    }

    /// A check with the headband off the head nearly throughout: off-head windows counted (by the
    /// device's word and the railed codes), verdict "headband_off_head" (it was "motion_too_high"
    /// with 0 off-head windows), and the end on time is not "disconnected".
    @Test func checkCountsTheWindowsTheHeadbandIsOffTheHead() throws {
        let headband = try Headband(["--off-head-at", "0.5", "--off-head-for", "100"], speed: 20)
        let result = try CLI.run(["check", "--source", "muse", "--device", headband.device, "--speed", "20", "--duration", "8s", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = try result.stdout.split(separator: "\n").map { try JSONDecoder().decode(CheckJSON.self, from: Data($0.utf8)) }
        let last = try #require(lines.last)
        let summary = try #require(last.summary)
        #expect(last.type == "summary" && last.verdict == "headband_off_head", "\(last)")
        #expect(summary.offHeadWindows * 10 >= summary.windowCount * 8 && summary.motionWindows == 0, "\(summary)")
        #expect((summary.deviceOffHeadWindows ?? 0) > 0, "\(summary)")
        #expect(last.device?.on_head == false)
        #expect(last.device?.disconnected == false && last.device?.ended == true, "\(String(describing: last.device))")
        #expect(last.advice?.hasPrefix("put the headband on") == true, "adjust the headband, not sit still: \(String(describing: last.advice))")
    }

    /// A minute with 10 s off the head and a low battery: `record` says so as it happens (text, and
    /// JSON lines with --json) and stores the battery once, not every second; `analyze` and `report`
    /// call it "headband_off_head" (it was "passed"), leave the off-head stretch out of band power and
    /// print units.
    @Test func aMinuteWithTenSecondsOffTheHeadIsNotPassed() throws {
        let dir = try TemporaryDirectory("cli-off-head")
        let headband = try Headband(["--off-head-at", "40", "--off-head-for", "10", "--battery", "15"], speed: 20)
        let recorded = try CLI.run([
            "record", "--source", "muse", "--device", headband.device, "--speed", "20", "--duration", "60s", "--data", dir.url.path, "--json",
        ])
        #expect(recorded.status == 0, "\(recorded.stderr)")
        struct Notice: Decodable { var type: String; var event: String }
        let notices = recorded.stderr.split(separator: "\n").compactMap { try? JSONDecoder().decode(Notice.self, from: Data($0.utf8)) }
        #expect(notices.map(\.event).contains("off_head") && notices.map(\.event).contains("on_head"), "\(recorded.stderr)")
        #expect(notices.map(\.event).contains("battery_low") && notices.allSatisfy { $0.type == "device" }, "\(recorded.stderr)")
        struct Item: Decodable { var path: String }
        let item = try JSONDecoder().decode(Item.self, from: Data(recorded.stdout.utf8))
        let file = dir.url.appendingPathComponent(item.path).path

        let script = """
            import sys, json, h5py
            f = h5py.File(sys.argv[1], 'r')
            labels = [l.decode() if isinstance(l, bytes) else str(l) for l in f['Events/Label'][()]]
            print(json.dumps({"battery": [l for l in labels if l.startswith('battery ')], "onHead": [l for l in labels if l.startswith('onHead')]}))
            """
        struct Events: Decodable { var battery: [String]; var onHead: [String] }
        let events = try PythonTool.json(Events.self, script: script, arguments: [file])
        #expect(events.battery == ["battery 15%"], "\(events.battery)")
        #expect(events.onHead.contains("onHead=false"), "\(events.onHead)")

        let analyzed = try CLI.run(["analyze", file, "--json"])
        #expect(analyzed.status == 0, "\(analyzed.stderr)")
        struct Output: Decodable {
            struct Analysis: Decodable {
                struct Channel: Decodable { var segmentsUsed: Int; var segmentsSkipped: Int }
                struct Summary: Decodable { var offHeadWindows: Int; var deviceOffHeadWindows: Int; var motionWindows: Int }
                var verdict: String?
                var summary: Summary
                var channels: [Channel]
            }
            var analysis: Analysis
        }
        let analysis = try JSONDecoder().decode(Output.self, from: Data(analyzed.stdout.utf8)).analysis
        #expect(analysis.verdict == "headband_off_head", "\(analysis.summary)")
        #expect(analysis.summary.deviceOffHeadWindows >= 16 && analysis.summary.motionWindows == 0, "\(analysis.summary)")
        // 10 s off the head leave out at least the 9 segments inside it (2 s, every 1 s).
        #expect(analysis.channels.allSatisfy { $0.segmentsSkipped >= 9 }, "\(analysis.channels)")
        let kept = try CLI.run(["analyze", file, "--json", "--include-bad-windows"])
        let keptAnalysis = try JSONDecoder().decode(Output.self, from: Data(kept.stdout.utf8)).analysis
        // With --include-bad-windows only segments touching lost data are left out: none when the
        // recording lost nothing; fewer than the off-head stretch's when a loaded machine made the
        // recorder release a block incomplete (NaN rows).
        let nanRows = try PythonTool.json(
            Int.self,
            script: "import h5py, sys, numpy as np; f = h5py.File(sys.argv[1], 'r'); print(int(np.isnan(f['Recording/Data'][()]).any(axis=1).sum()))",
            arguments: [file])
        if nanRows == 0 {
            #expect(keptAnalysis.channels.allSatisfy { $0.segmentsSkipped == 0 }, "\(keptAnalysis.channels)")
        } else {
            #expect(
                zip(keptAnalysis.channels, analysis.channels).allSatisfy { $0.segmentsSkipped < $1.segmentsSkipped },
                "\(nanRows) NaN rows: \(keptAnalysis.channels)")
        }
        let text = try CLI.run(["analyze", file])
        #expect(
            text.stdout.contains("absolute (µV²)") && text.stdout.contains("relative (%)") && text.stdout.contains("band power from"),
            "\(text.stdout)")

        // Reports are written outside the data folder (refused inside it).
        let outside = try TemporaryDirectory("cli-off-head-report")
        let report = outside.url.appendingPathComponent("report.html").path
        let reported = try CLI.run(["report", item.path, "--data", dir.url.path, "--out", report])
        #expect(reported.status == 0, "\(reported.stderr)")
        let html = try String(contentsOfFile: report, encoding: .utf8)
        #expect(html.contains("headband_off_head") && !html.contains(">passed<"))
    }

    /// Piped, `record` prints one plain line per change of the device's condition on standard error.
    @Test func recordTellsOfALostLinkAsItHappens() throws {
        let dir = try TemporaryDirectory("cli-link-lost")
        let headband = try Headband(["--disconnect-after", "100"], speed: 20)
        let recorded = try CLI.run([
            "record", "--source", "muse", "--device", headband.device, "--speed", "20", "--duration", "20s", "--data", dir.url.path,
        ])
        #expect(recorded.status == 0, "\(recorded.stderr)")
        let lines = recorded.stderr.split(separator: "\n").filter { $0.hasPrefix("device: ") }
        #expect(lines.contains { $0.contains("link lost") } && lines.contains { $0.contains("link back") }, "\(recorded.stderr)")
        #expect(!recorded.stderr.contains("\u{1B}["), "no terminal control codes when piped")
    }
}
