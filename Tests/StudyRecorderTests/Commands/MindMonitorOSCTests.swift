import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `stream --stream osc` as Mind Monitor patches see it: a patch written the way its author's
/// examples are (Tests/Servers/mind_monitor_patch.py: python-osc, exact paths, band powers trusted
/// only after a horseshoe message) started seconds after the recorder still learns the fit, the
/// on-head state and the battery; paths, type tags and rates are Mind Monitor's; markers set by hand
/// (`--markers keys`) go out in `stream` mode.
@Suite(.tags(.process, .python))
struct MindMonitorOSCTests {
    struct Seen: Decodable {
        struct Path: Decodable {
            var count: Int
            var argc: Int
            var types: [String]
            var first: Double
            var last: Double
            var first_values: [StreamCLITests.Number]
            var firstValues: [Double] { first_values.map(\.value) }
        }
        struct MarkerMessage: Decodable {
            var address: String
            var args: [String]
        }
        var paths: [String: Path]
        var horseshoe: [Double]?
        var bands_before_fit: Int
        var bands_after_fit: Int
        var bands_taken: Int
        var bands_ignored: Int
        var markers: [MarkerMessage]
    }

    @Test func aPatchStartedLateLearnsTheFitAndGetsMindMonitorsPathsAndRates() throws {
        let headband = try MuseCLITests.Headband(["--preset", "p50"], speed: 1)
        let dir = try TemporaryDirectory("mind-monitor-osc")
        let port = try FreePort.loopback()
        let recorder = Process()
        recorder.executableURL = try CLI.binary()
        recorder.arguments = [
            "stream", "--source", "muse", "--device", headband.device, "--preset", "p50", "--stream", "osc:127.0.0.1:\(port)", "--markers", "keys",
            "--duration", "120s",
        ]
        let keys = Pipe()
        recorder.standardInput = keys
        let log = dir.path("stream.log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let logHandle = try FileHandle(forWritingTo: log)
        recorder.standardOutput = FileHandle.nullDevice
        recorder.standardError = logHandle
        try recorder.runWithTerminationSignals()
        defer { if recorder.isRunning { recorder.terminate() } }
        let streaming = FileWaiter.until(timeout: 30) { (try? String(contentsOf: log, encoding: .utf8))?.contains("streaming Muse") == true }
        #expect(streaming, "\((try? String(contentsOf: log, encoding: .utf8)) ?? "")")
        // The patch starts late: every on-change message (the first grades, the on-head state, the
        // battery) went out before it listened.
        usleep(3_000_000)

        let out = dir.path("seen.json"), ready = dir.path("ready")
        let patch = Process()
        patch.executableURL = ProjectPaths.python
        patch.arguments = [
            ProjectPaths.root.appendingPathComponent("Tests/Servers/mind_monitor_patch.py").path, out.path, ready.path, "\(port)", "--seconds", "4",
        ]
        patch.standardOutput = FileHandle.nullDevice
        patch.standardError = FileHandle.nullDevice
        try patch.runWithTerminationSignals()
        #expect(FileWaiter.until(timeout: 20) { FileManager.default.fileExists(atPath: ready.path) })
        // Two markers by hand, once the patch listens: keys 3 and 7 (other bytes are no markers).
        keys.fileHandleForWriting.write(Data("3x7".utf8))
        patch.waitUntilExit()
        recorder.interrupt()
        recorder.waitUntilExit()
        let seen = try JSONDecoder().decode(Seen.self, from: Data(contentsOf: out))
        let p = seen.paths

        // State paths repeat (at least once a second), so the late patch learns the fit.
        for path in ["/muse/elements/horseshoe", "/muse/elements/touching_forehead", "/muse/batt"] {
            let entry = try #require(p[path], "\(path) never arrived: \(p.keys.sorted())")
            #expect(entry.count >= 4, "\(path): \(entry.count) in 4 s")
            #expect(entry.last - entry.first >= 2.5, "\(path) stopped repeating")
        }
        // One value per sensor, as Mind Monitor sends them, though p50 streams an AUX channel too.
        #expect(p["/muse/elements/horseshoe"]?.types == ["float", "float", "float", "float"])
        #expect(seen.horseshoe?.allSatisfy { [1, 2, 4].contains($0) } == true)
        #expect(p["/muse/elements/touching_forehead"]?.types == ["int"])
        #expect(p["/muse/batt"]?.types == ["float"])
        #expect(seen.bands_after_fit > 0)
        // The Mind Monitor author's band handler takes only messages of four values.
        #expect(seen.bands_taken > 0 && seen.bands_ignored == 0, "\(seen.bands_taken) taken, \(seen.bands_ignored) ignored")

        // Band powers about 10 a second, absolute (Bels) and relative, one float per channel.
        for band in ["delta", "theta", "alpha", "beta", "gamma"] {
            for kind in ["absolute", "relative"] {
                let entry = try #require(p["/muse/elements/\(band)_\(kind)"], "\(band)_\(kind) never arrived")
                #expect(entry.argc == 4 && entry.types.allSatisfy { $0 == "float" }, "\(band)_\(kind): \(entry.types)")
                let rate = Double(entry.count - 1) / max(entry.last - entry.first, 1e-3)
                #expect(rate >= 8 && rate <= 12, "\(band)_\(kind): \(rate) per second")
            }
        }
        // Raw paths: 5 EEG floats (p50 streams the right AUX), PPG as Mind Monitor's three (ambient,
        // infrared, red; the recorder takes the infrared one, the others are NaN), 3-axis IMU.
        #expect(p["/muse/eeg"]?.types == Array(repeating: "float", count: 5))
        #expect(p["/muse/ppg"]?.types == ["float", "float", "float"])
        #expect(p["/muse/ppg"].map { $0.firstValues.map(\.isNaN) } == [true, false, true])
        #expect(p["/muse/acc"]?.argc == 3 && p["/muse/gyro"]?.argc == 3)
        // Not detected, so not sent.
        #expect(p["/muse/elements/blink"] == nil && p["/muse/elements/jaw_clench"] == nil)
        // The markers set by hand, in stream mode.
        #expect(seen.markers.map(\.address) == ["/Marker/3", "/Marker/7"], "\(seen.markers)")
        #expect(seen.markers.map(\.args) == [["key 3"], ["key 7"]])
    }
}
