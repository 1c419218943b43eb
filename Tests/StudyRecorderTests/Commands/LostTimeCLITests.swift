import Foundation
import TestSupport
import Testing

/// Lost time counts in every verdict, on sample time: a simulated headband that hangs (the real CLI's
/// `simulate-headband --silent-after`, classic and Athena) is recorded by the real `record`, at real
/// time and at 20×.
/// The windows stored in `/Quality` with more than 10 % NaN rows are the ones with missing data
/// (checked with h5py against the rows), every stretch of the gap is covered by windows, `analyze` counts exactly
/// those and fails the recording, `record` ends with the line `analyze` gives, and the session
/// report and the participant view fail it too.
@Suite(.tags(.process, .server, .python))
struct LostTimeCLITests {
    struct Rows: Decodable {
        var rows: Int
        var nan_rows: Int
        /// Judged windows (findings not NaN) of which more than 10 % of one channel's 2 s are NaN (the
        /// grader's `maximumMissingFraction`), by h5py.
        var windows_over_gap: Int
        /// Judged windows flagged missing data (findings bit 1).
        var windows_flagged: Int
        /// Judged windows whose flag disagrees with the rows.
        var disagreeing: Int
    }

    struct Analysis: Decodable {
        struct Inner: Decodable {
            struct Summary: Decodable { var windowCount: Int; var missingWindows: Int }
            var summary: Summary
            var verdict: String?
        }
        var analysis: Inner
    }

    static let script = """
        import h5py, json, sys, numpy as np
        f = h5py.File(sys.argv[1], 'r')
        d = f['Recording/Data'][()]
        nan = np.isnan(d).all(axis=1)
        w = f['Quality/Window'][()]
        judged = [(int(r), int(g)) for r, g in w if np.isfinite(g)]
        over = [np.isnan(d[r - 511:r + 1]).mean(axis=0).max() > 0.1 for r, g in judged]
        flagged = [g & 1 != 0 for r, g in judged]
        print(json.dumps({'rows': int(d.shape[0]), 'nan_rows': int(nan.sum()), 'windows_over_gap': int(sum(over)),
          'windows_flagged': int(sum(flagged)), 'disagreeing': int(sum(a != b for a, b in zip(over, flagged)))}))
        """

    /// The classic headband at 20× and at real time (silent after N EEG blocks), a Muse S Athena at
    /// 20× (silent after N data notifications): each hangs after 9.4 s of signal and is noticed 3 s of
    /// signal later at every speed, so the hang is more than 10 % of 24 s.
    @Test(arguments: [
        (20, ["--silent-after", "200"], "24s"), (1, ["--silent-after", "200"], "24s"), (20, ["--model", "athena", "--silent-after", "600"], "24s"),
    ])
    func aHangIsMissingDataInEveryVerdict(speed: Int, simulator: [String], duration: String) throws {
        let headband = try MuseCLITests.Headband(simulator, speed: speed)
        let dir = try TemporaryDirectory("cli-lost-time")
        let record = try CLI.run([
            "record", "--source", "muse", "--device", headband.device, "--speed", "\(speed)", "--duration", duration, "--data", dir.url.path,
        ])
        #expect(record.status == 0, "\(record.stderr)")
        let lines = record.stdout.split(separator: "\n").map(String.init)
        let path = try #require(lines.first { $0.hasPrefix("stored ") }).dropFirst("stored ".count)
        let file = dir.url.appendingPathComponent(String(path)).path
        let rows = try PythonTool.json(Rows.self, script: Self.script, arguments: [file])
        // The hang lost seconds: more than 10 % of the recording.
        #expect(Double(rows.nan_rows) > 0.1 * Double(rows.rows))
        // Every window over the gap says missing data, and none other does; the gap is covered by
        // windows every 0.5 s of sample time (none is skipped because the gap was long).
        #expect(rows.disagreeing == 0)
        #expect(rows.windows_flagged == rows.windows_over_gap)
        #expect(rows.windows_over_gap >= rows.nan_rows / 128)

        let judged = try CLI.run(["analyze", "--json", file])
        #expect(judged.status == 0, "\(judged.stderr)")
        let analysis = try JSONDecoder().decode(Analysis.self, from: Data(judged.stdout.utf8)).analysis
        #expect(analysis.summary.missingWindows == rows.windows_over_gap)
        #expect(analysis.verdict == "eeg_failure")

        // `record` ends with the line `analyze` ends with: lost time and share, the windows, the verdict.
        let text = try CLI.run(["analyze", file])
        let last = try #require(text.stdout.split(separator: "\n").last.map(String.init))
        #expect(lines.last?.trimmingCharacters(in: .whitespaces) == last)
        // Tenths rounded half away from zero, as the account rounds (printf's %.1f rounds 832 rows,
        // 3.25 s, down to 3.2).
        let tenths = { (rows: Int) in (Double(rows) / 256 * 10).rounded() / 10 }
        #expect(last.hasPrefix("lost " + String(format: "%.1f s of %.1f s EEG", tenths(rows.nan_rows), tenths(rows.rows))))
        #expect(last.contains("missing data \(rows.windows_over_gap) (") && last.hasSuffix("verdict: eeg_failure"))

        // The session report and the participant view say the same: failed, the EEG's one gap.
        let out = try TemporaryDirectory("cli-lost-time-report")
        let item = String(path)
        let session = try CLI.run(["report", "--data", dir.url.path, item, "--out", out.path("session.html").path])
        #expect(session.status == 0, "\(session.stderr)")
        let html = try String(contentsOf: out.path("session.html"), encoding: .utf8)
        #expect(html.contains("class=\"verdict failed\">eeg_failure"))
        // The EEG's gap first, the other streams' after it, each named (never added to the EEG's).
        #expect(html.contains("lost-samples\">\(rows.nan_rows) in 1 gap ("))
        #expect(html.contains(" s); accelerometer "))
        let participant = String(item.prefix { $0 != "/" })
        let view = try CLI.run(["report", "--data", dir.url.path, "--participant", participant, "--out", out.path("participant.html").path])
        #expect(view.status == 0, "\(view.stderr)")
        #expect(try String(contentsOf: out.path("participant.html"), encoding: .utf8).contains("\">eeg_failure"))
    }

    /// A real Muse S Athena capture replayed (`simulate-headband --replay`) with 200 data
    /// notifications left out (about 800 EEG samples, 3.1 s): they are NaN rows, the
    /// windows over them are the ones with missing data, `analyze` and `record --json`'s account
    /// count exactly those, and the verdict is not "passed".
    @Test func aReplayedCaptureWithNotificationsLeftOutCountsTheLostWindows() throws {
        let capture = ProjectPaths.root.appendingPathComponent("Tests/Fixtures/athena/data_p1041.txt").path
        let headband = try MuseCLITests.Headband(["--replay", capture, "--drop-blocks"] + (600..<800).map(String.init), speed: 20)
        let dir = try TemporaryDirectory("cli-lost-time-replay")
        let record = try CLI.run([
            "record", "--source", "muse", "--device", headband.device, "--speed", "20", "--duration", "30s", "--data", dir.url.path, "--json",
        ])
        #expect(record.status == 0, "\(record.stderr)")
        struct Printed: Decodable {
            struct Account: Decodable { var lostSeconds: Double; var missingWindows: Int; var windows: Int; var verdict: String? }
            var path: String
            var account: Account
        }
        let printed = try JSONDecoder().decode(Printed.self, from: Data(record.stdout.utf8))
        let file = dir.url.appendingPathComponent(printed.path).path
        let rows = try PythonTool.json(Rows.self, script: Self.script, arguments: [file])
        // The capture's notifications carry about 4 EEG samples each (not exactly: its packets vary).
        #expect((700...900).contains(rows.nan_rows), "\(rows.nan_rows) NaN rows")
        #expect(rows.disagreeing == 0 && rows.windows_flagged == rows.windows_over_gap && rows.windows_over_gap >= rows.nan_rows / 128)
        let judged = try CLI.run(["analyze", "--json", file])
        #expect(judged.status == 0, "\(judged.stderr)")
        let analysis = try JSONDecoder().decode(Analysis.self, from: Data(judged.stdout.utf8)).analysis
        #expect(analysis.summary.missingWindows == rows.windows_over_gap)
        #expect(printed.account.missingWindows == rows.windows_over_gap && printed.account.windows == analysis.summary.windowCount)
        #expect(abs(printed.account.lostSeconds - Double(rows.nan_rows) / 256) < 1e-9)
        #expect(analysis.verdict != "passed" && printed.account.verdict == analysis.verdict, "\(analysis.verdict ?? "none")")
    }
}
