import Foundation
import TestSupport
import Testing

/// `--clock lsl`: every stored time gets its twin on LSL's clock, equal to what a real pylsl inlet of
/// the same run's `--stream lsl` received, and derivable from the stored clock mapping by its one rule.
/// In the serialized streaming suite: LSL streams of parallel tests would meet on the loopback.
extension StreamCLITests {
    struct StoredLSL: Decodable {
        var utc_us: [Int64]
        var lsl: [Double]
        var data: [[Double]]
        var events: Int
        var event_lsl: Int
        var quality: Int
        var quality_lsl: Int
        var mapping_points: Int
        /// The largest difference between a stored LSL time and the rule applied to its UTC time
        /// (rows, events, quality series), seconds.
        var rule_deviation: Double
    }

    struct Clocks: Decodable {
        var local_clock: Double
        var wall_clock: Double
    }

    static func storedLSL(_ path: URL) throws -> StoredLSL {
        try PythonTool.json(
            StoredLSL.self,
            script: """
                import h5py, json, sys, numpy as np
                f = h5py.File(sys.argv[1], 'r'); r = f['Recording']; m = f['LSLClock']
                R = m['RecordingClock'][()]; L = m['LSLClock'][()]
                def rule(t):
                    k = np.clip(np.searchsorted(R, t, side='right') - 1, 0, None)
                    return t + (L[k] - R[k])
                utc = r['TimeStamp'][()].ravel(); lsl = r['LSLTimeStamp'][()].ravel()
                et = f['Events/Time'][()]; el = f['Events/LSLTime'][()]
                qt = f['Quality/GradeTime'][()]; ql = f['Quality/GradeLSLTime'][()]
                dev = max(np.max(np.abs(lsl - rule(utc / 1e6))), np.max(np.abs(el - rule(et)), initial=0), np.max(np.abs(ql - rule(qt))))
                d = r['Data'][()]
                print(json.dumps({'utc_us': utc.tolist(), 'lsl': lsl.tolist(), 'data': [[None if x != x else float(x) for x in row] for row in d],
                  'events': len(et), 'event_lsl': len(el), 'quality': len(qt), 'quality_lsl': len(ql),
                  'mapping_points': len(R), 'rule_deviation': float(dev)}))
                """, arguments: [path.path])
    }

    /// `record --clock lsl --stream lsl`: the stored `/Recording/LSLTimeStamp` of every sample a pylsl
    /// inlet received equals the inlet's timestamp (within 1 ms) and the values are the same; every
    /// stored LSL time (samples, events, quality series) follows the stored mapping's rule; and the
    /// stored LSL − UTC offset agrees with `pylsl.local_clock()` − wall clock read by the test.
    @Test func clockLSLStoresTheTimestampsAnInletReceives() async throws {
        let dir = try TemporaryDirectory("stream-clock-lsl")
        let receiver = try await Receiver(in: dir, arguments: ["--lsl", "EEG"])
        let result = try CLI.run(
            ["record", "--data", dir.url.path, "--duration", "6s", "--stream", "lsl", "--clock", "lsl", "--json"], environment: Self.environment)
        #expect(result.status == 0, "\(result.stderr)")
        let received = try await receiver.result()
        let clocks = try JSONDecoder().decode(Clocks.self, from: Data(contentsOf: receiver.output))
        let item = try JSONDecoder().decode(Item.self, from: Data(result.stdout.utf8))
        let stored = try Self.storedLSL(dir.url.appendingPathComponent(item.path))

        #expect(stored.lsl.count == stored.utc_us.count && stored.utc_us.count == 1536)
        #expect(stored.event_lsl == stored.events && stored.quality_lsl == stored.quality && stored.quality > 0)
        #expect(stored.mapping_points >= 1)
        #expect(stored.rule_deviation < 1e-6, "\(stored.rule_deviation)")

        let eeg = try #require(received.lsl["EEG"])
        var matched = 0, inRange = 0
        let period = 1.0 / 256
        for (k, stamp) in eeg.timestamps.enumerated() {
            // The stream goes on until the source stops, a moment after the recording's 6 s ended.
            guard let last = stored.lsl.last, stamp <= last + period / 2 else { continue }
            inRange += 1
            // The row whose stored LSL time is nearest the received one (stored times increase).
            var low = 0, high = stored.lsl.count - 1
            while low < high {
                let mid = (low + high) / 2
                if stored.lsl[mid] < stamp { low = mid + 1 } else { high = mid }
            }
            let row =
                [low - 1, low].filter { stored.lsl.indices.contains($0) }.min { abs(stored.lsl[$0] - stamp) < abs(stored.lsl[$1] - stamp) } ?? low
            guard abs(stored.lsl[row] - stamp) < 0.001 else {
                Issue.record("sample \(k): received at \(stamp), nearest stored LSL time \(stored.lsl[row])")
                continue
            }
            for c in 0..<4 { #expect(abs(Double(Float(stored.data[row][c])) - eeg.samples[k][c].value) < 1e-9, "sample \(k)") }
            matched += 1
        }
        #expect(matched == inRange && matched >= 1000, "\(matched) of \(inRange)")

        // LSL time − UTC as stored, against pylsl's clock and the wall clock read together by the test.
        let storedOffset = stored.lsl[0] - Double(stored.utc_us[0]) / 1e6
        let testOffset = clocks.local_clock - clocks.wall_clock
        #expect(abs(storedOffset - testOffset) < 0.005, "stored \(storedOffset), test \(testOffset)")
    }

    /// Without liblsl, `--clock lsl` says exactly that and how to provide it, in one line, with the
    /// exit code of `--stream lsl` (69), and records nothing; `run` too, before anything is asked.
    @Test func clockLSLWithoutLiblslIsOneLine() throws {
        let dir = try TemporaryDirectory("clock-nolsl")
        let missing = "/nonexistent/liblsl.so"
        let result = try CLI.run(
            ["record", "--data", dir.url.path, "--duration", "1s", "--clock", "lsl", "--lsl-library", missing], environment: Self.environment)
        let streaming = try CLI.run(
            ["record", "--data", dir.url.path, "--duration", "1s", "--stream", "lsl", "--lsl-library", missing], environment: Self.environment)
        #expect(result.status == 69 && result.status == streaming.status)
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stderr.contains("--clock lsl needs liblsl") && result.stderr.contains(missing) && result.stderr.contains("pip install pylsl"))
        #expect(FileManager.default.enumerator(atPath: dir.url.path)?.allObjects.contains { ($0 as? String)?.contains(".h5") == true } != true)

        let run = try CLI.run(
            ["run", RunCommandTests.mynd, "--data", dir.url.path, "--auto", "--clock", "lsl", "--lsl-library", missing], environment: Self.environment
        )
        #expect(run.status == 69 && run.stderr.split(separator: "\n").count == 1 && run.stderr.contains("--clock lsl needs liblsl"), "\(run.stderr)")
        #expect(FileManager.default.enumerator(atPath: dir.url.path)?.allObjects.contains { ($0 as? String)?.contains(".h5") == true } != true)
        let bad = try CLI.run(["record", "--data", dir.url.path, "--clock", "gps"])
        #expect(bad.status == 64)
    }

    /// `run --clock lsl`: every recording of a study session stores its LSL times by the rule from
    /// its own `/LSLClock` pairs, for its samples, events and quality series.
    @Test func runWithClockLSLStoresLSLTimesInEveryRecording() throws {
        let dir = try TemporaryDirectory("clock-run")
        #expect(try CLI.run(["enroll", RunCommandTests.mynd, "--data", dir.url.path, "--name", "Ann Example", "--auto"]).status == 0)
        var recordings: [String] = []
        for _ in 0..<3 where recordings.isEmpty {
            let result = try CLI.run(
                ["run", RunCommandTests.mynd, "--data", dir.url.path, "--auto", "--json", "--speed", "100", "--clock", "lsl"],
                environment: Self.environment)
            #expect(result.status == 0, "\(result.stderr)")
            let report = try JSONDecoder().decode(RunReport.self, from: Data(result.stdout.utf8))
            recordings += report.stored.map(\.path).filter { $0.hasSuffix(".h5") }
        }
        #expect(!recordings.isEmpty)
        for path in recordings {
            let stored = try Self.storedLSL(dir.url.appendingPathComponent(path))
            #expect(stored.lsl.count == stored.utc_us.count && stored.event_lsl == stored.events && stored.quality_lsl == stored.quality)
            #expect(stored.mapping_points >= 1 && stored.rule_deviation < 1e-6, "\(path): \(stored.rule_deviation)")
        }
    }
}
