import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The real CLI against a simulated headband started by the real CLI (`simulate-headband`): record,
/// check and a whole study session from `--source muse --device unix:PATH`, and one clear line with
/// exit 69 where there is no headband or no Bluetooth.
@Suite(.tags(.process, .server, .python))
struct MuseCLITests {
    /// A `study-recorder simulate-headband` process on a fresh short socket path, stopped on drop.
    final class Headband {
        let folder: ShortSocketDirectory
        let path: String
        let server: ServerProcess

        init(_ arguments: [String] = [], speed: Int) throws {
            folder = try ShortSocketDirectory()
            path = folder.socket("muse.sock")
            let socket = path
            server = try ServerProcess(
                try CLI.binary(), ["simulate-headband", "unix:" + path, "--speed", "\(speed)"] + arguments, port: 0,
                logFile: URL(fileURLWithPath: folder.socket("log")), readyCheck: { FileManager.default.fileExists(atPath: socket) })
        }

        var device: String { "unix:" + path }

        deinit { server.stop() }
    }

    struct Stored: Decodable {
        var rows: Int
        var channels: [String]
        var nan_rows: [Int]
        var raw_missing_rows: [Int]
        var steps_us: [Int]
        var short_steps: Int
        var name: String
        var preset: String
        var model: String
        var gap_events: [Int]
        var accelerometer: Int
    }

    /// `record` stores what the headband sent: µV and raw codes, a lost block as NaN rows at its place
    /// with a gap event, timestamps 1/256 s apart, the device's identity, and the IMU stream.
    @Test func recordsFromASimulatedHeadband() throws {
        let headband = try Headband(["--drop-blocks", "30"], speed: 20)
        let dir = try TemporaryDirectory("cli-muse-record")
        let result = try CLI.run([
            "record", "--source", "muse", "--device", headband.device, "--speed", "20", "--duration", "10s", "--data", dir.url.path, "--json",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let item = try JSONDecoder.iso.decode(StoredItem.self, from: Data(result.stdout.utf8))
        let script = """
            import h5py, json, sys, numpy as np
            f = h5py.File(sys.argv[1], 'r')
            d = f['Recording/Data'][()]; raw = f['Recording/RawData'][()]; t = f['Recording/TimeStamp'][()].ravel()
            ev = f['Events']
            print(json.dumps({'rows': int(d.shape[0]), 'channels': [c.decode() if isinstance(c, bytes) else c for c in f['Recording/ChannelNames'][()].ravel()],
              'nan_rows': [int(i) for i in np.nonzero(np.isnan(d).all(axis=1))[0]],
              'raw_missing_rows': [int(i) for i in np.nonzero((raw == 65535).all(axis=1))[0]],
              'steps_us': sorted(set(int(x) for x in np.diff(t))), 'short_steps': int(np.count_nonzero(np.diff(t[256:]) < 190)),
              'name': f['Device'].attrs['Name'], 'preset': f['Device'].attrs['Preset'], 'model': f['Recording'].attrs['DeviceModel'],
              'gap_events': [int(s) for s, c in zip(ev['SampleIndex'][()], ev['Code'][()]) if c == -1],
              'accelerometer': int(f['Streams/accelerometer/Data'].shape[0])}))
            """
        let stored = try PythonTool.json(Stored.self, script: script, arguments: [dir.url.appendingPathComponent(item.path).path])
        #expect(stored.rows == 2560)
        #expect(stored.channels == ["TP9", "AF7", "AF8", "TP10"])
        #expect(stored.nan_rows == Array(360..<372) && stored.raw_missing_rows == stored.nan_rows)
        #expect(stored.gap_events == [360])
        // On the host's clock at speed 20: 1/(256 × 20) s = 195.3 µs apart (±1 µs: both ends of a
        // step are stored in whole µs), or shorter where a packet's arrival held its samples back,
        // never 0 and never backwards. That happens while the fit settles, and at speed 20 now and
        // then later too (the simulator paces in whole ms of host time, 20 ms of signal): after the
        // first second at most 2 % of the steps.
        #expect(stored.steps_us.allSatisfy { (1...196).contains($0) }, "\(stored.steps_us)")
        #expect(stored.short_steps <= 2 * 2304 / 100, "\(stored.short_steps) steps shorter than 98 % of a sample after the first second")
        #expect(stored.name == "Muse-1324" && stored.preset == "p21" && stored.model == "Muse")
        #expect((500...530).contains(stored.accelerometer))
    }

    struct PresetLayout: Decodable {
        var channels: [String]
        var streams: [String]
        var preset: String
    }

    /// `--preset p50` records the right AUX electrode as a fifth channel and the PPG stream.
    @Test func presetsChooseTheStoredChannelsAndStreams() throws {
        let headband = try Headband([], speed: 20)
        let dir = try TemporaryDirectory("cli-muse-preset")
        let result = try CLI.run([
            "record", "--source", "muse", "--device", headband.device, "--preset", "p50", "--speed", "20", "--duration", "3s",
            "--data", dir.url.path, "--json",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let item = try JSONDecoder.iso.decode(StoredItem.self, from: Data(result.stdout.utf8))
        let script = """
            import h5py, json, sys
            f = h5py.File(sys.argv[1], 'r')
            print(json.dumps({'channels': [c.decode() if isinstance(c, bytes) else c for c in f['Recording/ChannelNames'][()].ravel()],
              'streams': sorted(f['Streams'].keys()), 'preset': f['Device'].attrs['Preset']}))
            """
        let layout = try PythonTool.json(PresetLayout.self, script: script, arguments: [dir.url.appendingPathComponent(item.path).path])
        #expect(layout.channels == ["TP9", "AF7", "AF8", "TP10", "AUX_R"])
        #expect(layout.streams == ["accelerometer", "gyroscope", "ppg", "telemetry"])
        #expect(layout.preset == "p50")
        let bad = try CLI.run(["record", "--source", "muse", "--device", headband.device, "--preset", "p99", "--data", dir.url.path])
        #expect(bad.status == 64)
    }

    struct StoredItem: Decodable {
        var path: String
    }

    struct CheckJSON: Decodable {
        var type: String
        var device: Device?
        var data_loss: Loss?
        var verdict: String?

        struct Device: Decodable {
            var battery: Double?
            var battery_low: Bool?
            var on_head: Bool?
            var corrupt_packets: Int?
        }

        struct Loss: Decodable {
            var missingRows: Int
            var gaps: Int
        }
    }

    /// `check` reports the battery (and that it is low) and the data lost, as JSON lines.
    @Test func checkShowsBatteryAndDataLoss() throws {
        let headband = try Headband(["--battery", "15", "--drop-blocks", "10", "11"], speed: 20)
        let result = try CLI.run(["check", "--source", "muse", "--device", headband.device, "--speed", "20", "--duration", "6s", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = try result.stdout.split(separator: "\n").map { try JSONDecoder().decode(CheckJSON.self, from: Data($0.utf8)) }
        #expect(lines.contains { $0.type == "device" && $0.device?.battery == 15 })
        #expect(lines.contains { $0.type == "device" && $0.device?.battery_low == true })
        let summary = try #require(lines.last)
        #expect(summary.type == "summary" && summary.device?.on_head == true)
        #expect(summary.data_loss?.missingRows == 24 && summary.data_loss?.gaps == 1)
    }

    /// A packet whose counter is 30 000 ahead is reported as corrupt by `check` (summary and device
    /// line) and by `record` (a device notice as it happens, an event in the file), and is no gap.
    @Test func corruptPacketsAreReportedNotTime() throws {
        let headband = try Headband(["--corrupt-counter-after", "20", "--corrupt-counter-after", "60"], speed: 20)
        let checked = try CLI.run(["check", "--source", "muse", "--device", headband.device, "--speed", "20", "--duration", "6s", "--json"])
        #expect(checked.status == 0, "\(checked.stderr)")
        let lines = try checked.stdout.split(separator: "\n").map { try JSONDecoder().decode(CheckJSON.self, from: Data($0.utf8)) }
        let summary = try #require(lines.last)
        #expect(summary.device?.corrupt_packets == 2 && summary.data_loss?.missingRows == 0, "\(checked.stdout.suffix(400))")

        let again = try Headband(["--corrupt-counter-after", "20"], speed: 20)
        let dir = try TemporaryDirectory("cli-muse-corrupt")
        let recorded = try CLI.run([
            "record", "--source", "muse", "--device", again.device, "--speed", "20", "--duration", "8s", "--data", dir.url.path, "--json",
        ])
        #expect(recorded.status == 0, "\(recorded.stderr)")
        #expect(recorded.stderr.contains("\"event\":\"corrupt_packets\""), "\(recorded.stderr)")
        let item = try JSONDecoder.iso.decode(StoredItem.self, from: Data(recorded.stdout.utf8))
        let events = try PythonTool.json(
            [[String]].self,
            script: """
                import h5py, json, sys
                f = h5py.File(sys.argv[1], 'r'); e = f['Events']
                print(json.dumps([[str(c), l] for c, l in zip(e['Code'][()].ravel().tolist(), e['Label'].asstr()[()].ravel().tolist())]))
                """, arguments: [dir.url.appendingPathComponent(item.path).path])
        #expect(
            events.contains { $0[0] == "-4" && $0[1].hasPrefix("discarded 1 corrupt packets") } && !events.contains { $0[0] == "-1" }, "\(events)")
    }

    /// A headband that samples ten times faster than it claims: one line naming the fault, exit 69,
    /// the recording kept and marked incomplete (it no longer ends "complete" after a tenth of its time).
    @Test func aHeadbandTenTimesTooFastIsOneLineAndExit69() throws {
        let headband = try Headband(["--clock-factor", "10"], speed: 1)
        let dir = try TemporaryDirectory("cli-muse-fast")
        let result = try CLI.run(["record", "--source", "muse", "--device", headband.device, "--duration", "8s", "--data", dir.url.path])
        #expect(result.status == 69, "\(result.status) \(result.stderr)")
        let errors = result.stderr.split(separator: "\n").filter { $0.contains("device fault") }
        // (Over the simulated BLE link, six notifications per 30 ms event, a ten-fold headband gets
        // through about 2.2 times the rate: the link is full, as a real one would be.)
        #expect(errors.count == 1 && errors[0].contains("faster than its 256 Hz"), "\(result.stderr)")
        #expect(result.stdout.contains("incomplete (source failed: device fault"), "\(result.stdout)")
    }

    /// No headband at the path, or no Bluetooth at all (as in this sandbox's kernel): one line naming
    /// what is missing, exit 69, no recording stored, no hang.
    @Test func anUnavailableHeadbandIsOneLineAndExit69() throws {
        let dir = try TemporaryDirectory("cli-muse-missing")
        let missing = try CLI.run(["record", "--source", "muse", "--device", "unix:" + dir.path("none.sock").path, "--data", dir.url.path])
        #expect(missing.status == 69)
        #expect(missing.stderr.split(separator: "\n").count == 1 && missing.stderr.contains("no simulated headband"))
        let store = try CLI.run(["list", "--data", dir.url.path, "--json"])
        #expect(!store.stdout.contains(".h5"))

        // A real address: without Bluetooth in the kernel (or without an adapter) it names Bluetooth.
        let real = try CLI.run(["check", "--source", "muse", "--device", "AA:BB:CC:DD:EE:FF", "--duration", "2s"])
        if real.status == 69 {
            #expect(real.stderr.contains("Bluetooth"), "\(real.stderr)")
        }
        let scan = try CLI.run(["devices", "--duration", "1"])
        #expect([0, 69, 77].contains(scan.status))
        if scan.status != 0 { #expect(scan.stderr.contains("Bluetooth") || scan.stderr.contains("CAP_NET_ADMIN")) }

        // `run` fails fast with the source's own line, before the participant waits at "switch the headband on".
        let study = try TemporaryDirectory("cli-muse-run-missing")
        #expect(try CLI.run(["enroll", RunCommandTests.mynd, "--data", study.url.path, "--name", "Ann Example", "--auto"]).status == 0)
        for _ in 0..<2 { _ = try RunCommandTests.run(RunCommandTests.mynd, data: study.url) }
        let started = Date()
        let run = try CLI.run([
            "run", RunCommandTests.mynd, "--data", study.url.path, "--auto", "--source", "muse", "--device", "unix:" + dir.path("none.sock").path,
        ])
        #expect(run.status == 69 && run.stderr.contains("no simulated headband"), "\(run.status) \(run.stderr)")
        #expect(Date().timeIntervalSince(started) < 10)

        let bad = try CLI.run(["record", "--source", "muse", "--device", "AA:BB:CC", "--data", dir.url.path])
        #expect(bad.status == 64 && bad.stderr.contains("invalid device"))
        let speed = try CLI.run(["record", "--source", "muse", "--device", "AA:BB:CC:DD:EE:FF", "--speed", "10", "--data", dir.url.path])
        #expect(speed.status == 64 && speed.stderr.contains("simulated headband"))
    }

    struct RunReport: Decodable {
        var state: String
        var session: String?
        var stored: [StoredItem]
    }

    struct Block: Decodable {
        var model: String
        var rows: Int
        var complete: Int
        var codes: [Int]
        var raw: Bool
    }

    /// Enrolls a participant, runs the example study's two questionnaire sessions, then its rest
    /// session from `headband` at speed 40; the three stored blocks as read back by h5py.
    static func runMyndRest(from headband: Headband, folder name: String) throws -> [Block] {
        let dir = try TemporaryDirectory(name)
        let enrolled = try CLI.run(["enroll", RunCommandTests.mynd, "--data", dir.url.path, "--name", "Ann Example", "--auto"])
        #expect(enrolled.status == 0, "\(enrolled.stderr)")
        for _ in 0..<2 {  // the two questionnaire sessions
            _ = try RunCommandTests.run(RunCommandTests.mynd, data: dir.url)
        }
        let result = try CLI.run([
            "run", RunCommandTests.mynd, "--data", dir.url.path, "--auto", "--json", "--source", "muse", "--device", headband.device, "--speed", "40",
        ])
        #expect(result.status == 0, "\(result.stderr) \(result.stdout.suffix(600))")
        let report = try JSONDecoder.iso.decode(RunReport.self, from: Data(result.stdout.utf8))
        #expect(report.state == "completed" && report.session == "rest" && report.stored.count == 3)
        let script = """
            import h5py, json, sys
            f = h5py.File(sys.argv[1], 'r')
            print(json.dumps({'model': f['Recording'].attrs['DeviceModel'], 'rows': int(f['Recording/Data'].shape[0]),
              'complete': int(f['Recording'].attrs['Complete']), 'codes': f['Events/Code'][()].tolist(), 'raw': 'RawData' in f['Recording']}))
            """
        return try report.stored.map { item in
            try PythonTool.json(Block.self, script: script, arguments: [dir.url.appendingPathComponent(item.path).path])
        }
    }

    /// A study runs end to end from the simulated headband: the fitting passes on its signal quality
    /// and the rest session records its three blocks from the headband.
    @Test func runsTheMyndStudyFromASimulatedHeadband() throws {
        for block in try Self.runMyndRest(from: try Headband([], speed: 40), folder: "cli-muse-run") {
            #expect(block.model == "Muse" && block.raw && block.complete == 1)
            // Study markers (device events such as the battery level at the start are negative).
            let study = block.codes.filter { $0 > 0 }
            #expect(study.first == 910 && study.last == 930, "\(block.codes)")
            #expect(block.rows > 60 * 256)
        }
    }
}
