import Foundation
import TestSupport
import Testing

@Suite(.tags(.process, .python))
struct AnalyzeCommandTests {
    /// Records 30 s, then checks `analyze --json` against scipy.signal.welch run on the stored data
    /// (read with h5py), and that the recording holds the /Quality series.
    @Test func analyzeMatchesScipyOnTheStoredRecording() throws {
        let dir = try TemporaryDirectory("cli-analyze")
        let recorded = try CLI.run(["record", "--data", dir.url.path, "--duration", "30s", "--speed", "0", "--aux", "--seed", "8", "--json"])
        #expect(recorded.status == 0, "\(recorded.stderr)")
        let item = try #require(try JSONSerialization.jsonObject(with: Data(recorded.stdout.utf8)) as? [String: Any])
        let file = dir.url.appendingPathComponent(try #require(item["path"] as? String)).path
        let result = try CLI.run(["analyze", file, "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        struct Output: Decodable {
            struct Analysis: Decodable {
                struct Method: Decodable {
                    struct Welch: Decodable { var nperseg: Int; var noverlap: Int; var window: String }
                    var welch: Welch
                    var integration: String
                }
                struct Channel: Decodable {
                    struct Powers: Decodable { var absolute: [Double]; var relative: [Double] }
                    var name: String
                    var bandPowers: Powers
                }
                var bandPowerMethod: Method
                var channels: [Channel]
                var verdict: String?
            }
            var analysis: Analysis
        }
        let output = try JSONDecoder().decode(Output.self, from: Data(result.stdout.utf8))
        #expect(output.analysis.bandPowerMethod.welch.nperseg == 512 && output.analysis.bandPowerMethod.welch.noverlap == 256)
        #expect(output.analysis.channels.map(\.name) == ["TP9", "AF7", "AF8", "TP10", "AUX"])
        #expect(output.analysis.verdict == "passed")
        let script = """
            import sys, json, h5py, numpy as np, scipy.signal as ss
            f = h5py.File(sys.argv[1], 'r')
            x = f['Recording/Data'][()].T
            fr, p = ss.welch(x, 256.0, window='hann', nperseg=512, noverlap=256, detrend='constant', scaling='density', axis=-1)
            df = fr[1] - fr[0]
            bands = [(1,4),(4,8),(8,13),(13,30),(30,45)]
            q = f['Quality']
            print(json.dumps({"bands": [[float(p[c][(fr >= lo) & (fr < hi)].sum() * df) for lo, hi in bands] for c in range(x.shape[0])],
                              "series": sorted(q.keys()), "mynd_rows": int(q['MyndQuality'].shape[0]),
                              "columns": [str(c) for c in q['BandPowerAbsolute'].attrs['columns']][:2],
                              "method": json.loads(q.attrs['BandPowerMethod'])['welch']['nperseg']}))
            """
        struct Reference: Decodable { var bands: [[Double]]; var series: [String]; var mynd_rows: Int; var columns: [String]; var method: Int }
        let reference = try PythonTool.json(Reference.self, script: script, arguments: [file])
        for (c, channel) in output.analysis.channels.enumerated() {
            for b in 0..<5 {
                #expect(abs(channel.bandPowers.absolute[b] - reference.bands[c][b]) <= 1e-9 * reference.bands[c][b], "\(channel.name) band \(b)")
            }
        }
        #expect(reference.series.contains("MyndQuality") && reference.series.contains("BandPowerRelative") && reference.series.contains("GradeTime"))
        #expect(reference.mynd_rows == 60)  // 2 Hz over 30 s
        #expect(reference.columns == ["TP9/delta", "TP9/theta"] && reference.method == 512)
    }

    /// The human output names the integration rule in interval notation, not by its key; `--json`
    /// keeps the key.
    @Test func theIntegrationRuleIsWrittenForAPerson() throws {
        let dir = try TemporaryDirectory("cli-analyze-words")
        let recorded = try CLI.run(["record", "--data", dir.url.path, "--duration", "10s", "--speed", "0", "--json"])
        #expect(recorded.status == 0, "\(recorded.stderr)")
        let item = try #require(try JSONSerialization.jsonObject(with: Data(recorded.stdout.utf8)) as? [String: Any])
        let file = dir.url.appendingPathComponent(try #require(item["path"] as? String)).path
        let text = try CLI.run(["analyze", file])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("Σ PSD·Δf over [low, high) Hz") && !text.stdout.contains("rectangleHalfOpen"), "\(text.stdout)")
        #expect(try CLI.run(["analyze", file, "--integration", "trapezoidClosed"]).stdout.contains("trapezoid over [low, high] Hz"))
        #expect(try CLI.run(["analyze", file, "--json"]).stdout.contains("\"rectangleHalfOpen\""))
    }

    @Test func missingOrForeignFilesHaveMeaningfulExitCodes() throws {
        let dir = try TemporaryDirectory("cli-analyze-bad")
        #expect(try CLI.run(["analyze", dir.path("none.h5").path]).status == 66)
        try Data("not hdf5".utf8).write(to: dir.path("x.h5"))
        #expect(try CLI.run(["analyze", dir.path("x.h5").path]).status == 65)
        #expect(try CLI.run(["analyze", "--help"]).stdout.contains("nperseg"))
        #expect(try CLI.run(["analyze", dir.path("x.h5").path, "--bands", "alpha:13-8"]).status == 64)
    }
    /// `analyze` says whether it read the recording's stored quality windows (made with its
    /// settings: the recording's mains) or recomputed them, and why; both ways give the verdict.
    @Test func analyzeSaysWhetherItReadOrRecomputedTheQuality() throws {
        let dir = try TemporaryDirectory("cli-analyze-origin")
        struct Item: Decodable { var path: String }
        struct Output: Decodable {
            struct Analysis: Decodable {
                struct Origin: Decodable { var kind: String; var reason: String }
                var qualityOrigin: Origin
                var verdict: String?
            }
            var analysis: Analysis
        }
        func analyze(_ arguments: [String]) throws -> Output {
            let result = try CLI.run(["analyze"] + arguments + ["--json"])
            #expect(result.status == 0, "\(result.stderr)")
            return try JSONDecoder().decode(Output.self, from: Data(result.stdout.utf8))
        }
        var files: [String] = []
        for quality in [true, false] {
            let recorded = try CLI.run(
                ["record", "--data", dir.url.path, "--duration", "20s", "--speed", "0", "--dropouts", "4", "--seed", "3", "--json"]
                    + (quality ? [] : ["--no-quality"]))
            #expect(recorded.status == 0, "\(recorded.stderr)")
            files.append(dir.url.appendingPathComponent(try JSONDecoder().decode(Item.self, from: Data(recorded.stdout.utf8)).path).path)
        }
        let read = try analyze([files[0]])
        #expect(read.analysis.qualityOrigin.kind == "stored", "\(read.analysis.qualityOrigin)")
        let otherMains = try analyze([files[0], "--mains", "60"])
        #expect(otherMains.analysis.qualityOrigin.kind == "recomputed")
        #expect(otherMains.analysis.qualityOrigin.reason.contains("MainsFrequencySetting (50)"), "\(otherMains.analysis.qualityOrigin.reason)")
        let none = try analyze([files[1]])
        #expect(none.analysis.qualityOrigin.kind == "recomputed" && none.analysis.qualityOrigin.reason.contains("stores no quality"))
        #expect(read.analysis.verdict != nil && read.analysis.verdict == none.analysis.verdict)
        let text = try CLI.run(["analyze", files[0]])
        #expect(text.stdout.contains("quality windows read from the recording's /Quality (same settings)"), "\(text.stdout)")
    }
}
