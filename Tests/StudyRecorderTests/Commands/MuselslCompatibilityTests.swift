import Foundation
import TestSupport
import Testing

/// `--lsl-style muselsl`: muselsl's own recorder (`muselsl.record`, what `muselsl record` and
/// eeg-notebooks run) and mne-lsl find and record our streams unchanged, and pandas code written for
/// muselsl's CSV reads the result (Tests/Servers/muselsl_consumer.py). LSL stays on loopback in this
/// test process's own session (``LSLTestSession``).
@Suite(.tags(.process, .python))
struct MuselslCompatibilityTests {
    struct Found: Decodable {
        struct Stream: Decodable {
            var name: String
            var type: String
            var channels: Int
        }
        struct MNE: Decodable {
            var ch_names: [String]
            var sfreq: Double
            var samples: Int
            var max_abs: Double?
            var unit_exponents: [Int]
            var ch_types: [String]
        }
        var found: [String: [Stream]]
        var mne: MNE
        var columns: [String]
        var rows: Int
        var eeg_max_abs_uv: Double
        var aux_all_nan: Bool
        var timestamps_increase: Bool
        var markers: [Int]
    }

    @Test func muselslRecordAndMNELSLRecordOurStreamsUnchanged() throws {
        let headband = try MuseCLITests.Headband(["--preset", "p51"], speed: 1)
        let dir = try TemporaryDirectory("muselsl-style")
        let environment = LSLTestSession.environment
        let recorder = Process()
        recorder.executableURL = try CLI.binary()
        recorder.arguments = [
            "stream", "--source", "muse", "--device", headband.device, "--preset", "p51", "--stream", "lsl", "--lsl-style", "muselsl",
            "--markers", "keys", "--duration", "120s",
        ]
        recorder.environment = environment
        let keys = Pipe()
        recorder.standardInput = keys
        recorder.standardOutput = FileHandle.nullDevice
        recorder.standardError = FileHandle.nullDevice
        try recorder.runWithTerminationSignals()
        defer { if recorder.isRunning { recorder.terminate() } }

        let out = dir.path("found.json"), ready = dir.path("ready")
        let consumer = Process()
        consumer.executableURL = ProjectPaths.python
        consumer.arguments = [
            ProjectPaths.root.appendingPathComponent("Tests/Servers/muselsl_consumer.py").path, out.path, ready.path, dir.url.path, "--seconds", "6",
        ]
        consumer.environment = environment
        consumer.currentDirectoryURL = dir.url
        let consumerLog = dir.path("consumer.log")
        _ = FileManager.default.createFile(atPath: consumerLog.path, contents: nil)
        let logHandle = try FileHandle(forWritingTo: consumerLog)
        consumer.standardOutput = logHandle
        consumer.standardError = logHandle
        try consumer.runWithTerminationSignals()
        #expect(FileWaiter.until(timeout: 60) { FileManager.default.fileExists(atPath: ready.path) || !consumer.isRunning })
        // A marker by hand while muselsl records: key 5.
        keys.fileHandleForWriting.write(Data("5".utf8))
        consumer.waitUntilExit()
        recorder.interrupt()
        recorder.waitUntilExit()
        let log = (try? String(contentsOf: consumerLog, encoding: .utf8)) ?? ""
        #expect(consumer.terminationStatus == 0, "\(log.suffix(2000))")
        let found = try JSONDecoder().decode(Found.self, from: Data(contentsOf: out))

        // muselsl's names and types: the device streams are "Muse", the markers "Markers".
        for type in ["EEG", "ACC", "GYRO", "PPG"] {
            #expect(found.found[type]?.map(\.name) == ["Muse"], "\(type): \(found.found[type] ?? [])")
        }
        #expect(found.found["EEG"]?.first?.channels == 5 && found.found["PPG"]?.first?.channels == 3)
        #expect(found.found["Markers"]?.count == 1)
        // muselsl's CSV, read as its users read it.
        #expect(Array(found.columns.prefix(6)) == ["timestamps", "TP9", "AF7", "AF8", "TP10", "Right AUX"], "\(found.columns)")
        #expect(found.rows >= 5 * 256, "\(found.rows) rows in 6 s")
        #expect(found.timestamps_increase)
        #expect(found.eeg_max_abs_uv > 1 && found.eeg_max_abs_uv < 1000)
        // p51 streams no AUX: muselsl's fifth channel is there, and empty.
        #expect(found.aux_all_nan)
        #expect(found.markers == [5], "\(found.markers)")
        // mne-lsl: the channels, the rate, and "microvolts" read as µV (volts × 1e-6).
        #expect(found.mne.ch_names == ["TP9", "AF7", "AF8", "TP10", "Right AUX"])
        #expect(found.mne.sfreq == 256 && found.mne.samples > 0)
        #expect(found.mne.ch_types == ["eeg"])
        #expect(found.mne.unit_exponents == [-6])
        #expect((found.mne.max_abs ?? 0) > 1 && (found.mne.max_abs ?? .infinity) < 1000)
    }
}
