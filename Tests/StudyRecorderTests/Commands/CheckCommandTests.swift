import DataSources
import Dispatch
import Foundation
import TestSupport
import Testing

@Suite(.tags(.process))
struct CheckCommandTests {
    /// The JSON objects of a `check --json` run, one per line.
    static func lines(_ stdout: String) throws -> [[String: Any]] {
        try stdout.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
    }

    @Test func pipedOutputIsJSONLinesAtTheDocumentedRates() throws {
        let result = try CLI.run(["check", "--duration", "6s", "--speed", "0", "--seed", "4"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = try Self.lines(result.stdout)
        let types = lines.compactMap { $0["type"] as? String }
        #expect(types.first == "started" && types.last == "summary")
        #expect(types.filter { $0 == "quality" }.count == 12)  // 2 Hz
        #expect(types.filter { $0 == "line_noise" }.count == 6)  // 1 Hz
        #expect(types.filter { $0 == "band_power" }.count == 3)  // 4 s window, every 1 s
        let summary = try #require(lines.last)
        #expect(summary["reason"] as? String == "duration")
        #expect(summary["verdict"] as? String == "passed")
        // The first line-noise readings are NaN with a reason, never a zero-filled "good".
        let firstNoise = try #require(lines.first { $0["type"] as? String == "line_noise" }?["line_noise"] as? [String: Any])
        let reading = try #require(firstNoise["reading"] as? [String: Any])
        #expect((reading["quality"] as? [String])?.allSatisfy { $0 == "NaN" } == true)
        #expect((reading["invalidReasons"] as? [String])?.first?.contains("warming up") == true)
        let power = try #require(lines.first { $0["type"] as? String == "band_power" }?["band_power"] as? [String: Any])
        let method = try #require(power["method"] as? [String: Any])
        #expect(method["integration"] as? String == "rectangleHalfOpen")
        #expect((method["welch"] as? [String: Any])?["nperseg"] as? Int == 512)
    }

    @Test func untilGoodEndsWhenTheMyndSweepReachesGoodSignal() throws {
        // The MYND sine sweep starts at 300 µV (bad) and falls below 17 µV after about 15 s.
        let result = try CLI.run(["check", "--signal", "mynd", "--speed", "0", "--until-good", "--duration", "60s"])
        #expect(result.status == 0, "\(result.stderr)")
        let summary = try #require(try Self.lines(result.stdout).last)
        #expect(summary["reason"] as? String == "good_signal")
        let never = try CLI.run(["check", "--signal", "mynd", "--speed", "0", "--until-good", "--duration", "5s"])
        #expect(never.status == 1)
    }

    @Test func ctrlCEndsCleanlyWithASummary() throws {
        let process = Process()
        process.executableURL = try CLI.binary()
        process.arguments = ["check", "--mode", "noise", "--detect-mains"]
        let out = Pipe()
        process.standardOutput = out
        try process.runWithTerminationSignals()
        // Interrupted once it has said something (its first line: the check is under way).
        var data = Data()
        while !data.contains(UInt8(ascii: "\n")) {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            data += chunk
        }
        process.interrupt()
        // A check that ignored the interrupt would run forever: after 30 s it is killed and fails.
        let ignored = SetOnceFlag()
        DispatchQueue.global().asyncAfter(deadline: .now() + 30) {
            if process.isRunning {
                ignored.set()
                process.terminate()
            }
        }
        data += out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(!ignored.isSet, "the check ran on after Ctrl-C")
        #expect(process.terminationStatus == 130)
        let lines = try Self.lines(String(decoding: data, as: UTF8.self))
        #expect(lines.last?["reason"] as? String == "interrupted")
        #expect(lines.first?["mains"] as? String == "detect")
    }

    @Test func replaysAStoredRecording() throws {
        let dir = try TemporaryDirectory("cli-check-replay")
        let recorded = try CLI.run(["record", "--data", dir.url.path, "--duration", "8s", "--speed", "0", "--json", "--no-quality"])
        #expect(recorded.status == 0, "\(recorded.stderr)")
        let item = try #require(try JSONSerialization.jsonObject(with: Data(recorded.stdout.utf8)) as? [String: Any])
        let file = dir.url.appendingPathComponent(try #require(item["path"] as? String)).path
        let result = try CLI.run(["check", "--source", "replay", "--replay", file, "--speed", "0", "--mode", "noise"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = try Self.lines(result.stdout)
        #expect(lines.first?["source"] as? String == "replay: oscillator (realistic)")
        #expect(lines.filter { $0["type"] as? String == "quality" }.count == 16)
        #expect(lines.last?["reason"] as? String == "source_ended")
    }

    @Test func unavailableSourcesAndBadArgumentsHaveMeaningfulExitCodes() throws {
        let muse = try CLI.run(["check", "--source", "muse"])
        #expect(muse.status == 69 && muse.stderr.contains("Bluetooth"))
        #expect(try CLI.run(["check", "--mode", "loud"]).status == 64)
        #expect(try CLI.run(["check", "--source", "replay", "--replay", "/nonexistent.h5"]).status == 66)
        #expect(try CLI.run(["check", "--help"]).stdout.contains("--until-good"))
    }
}
