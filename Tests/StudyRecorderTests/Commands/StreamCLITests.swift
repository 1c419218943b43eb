import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `--stream` received by real clients (a pylsl inlet, a python-osc server; Tests/Servers/
/// live_receiver.py) and compared with what was stored; LSL stays on loopback
/// (Tests/Servers/lsl_loopback.cfg) and in this test process's own LSL session (``LSLTestSession``),
/// so another copy of the suite running at the same time never resolves these streams, nor these
/// clients its.
@Suite(.tags(.process, .python), .serialized)
struct StreamCLITests {
    /// The environment of every child here (recorder and clients): LSL in this process's session.
    static var environment: [String: String] { LSLTestSession.environment }

    /// The receiver script, started before the recorder; ready once its OSC port is bound.
    final class Receiver {
        let process = Process()
        let output: URL

        init(in dir: TemporaryDirectory, arguments: [String]) async throws {
            output = dir.path("received.json")
            let ready = dir.path("ready")
            process.executableURL = ProjectPaths.python
            process.arguments =
                [ProjectPaths.root.appendingPathComponent("Tests/Servers/live_receiver.py").path, output.path, ready.path] + arguments
            process.environment = StreamCLITests.environment
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.runWithTerminationSignals()
            let giveUp = ContinuousClock.now + .seconds(20)
            while !FileManager.default.fileExists(atPath: ready.path), ContinuousClock.now < giveUp, process.isRunning {
                try await Task.sleep(for: .milliseconds(20))
            }
        }

        /// Waits for the receiver to finish and returns what it received.
        func result() async throws -> Received {
            let giveUp = ContinuousClock.now + .seconds(40)
            while process.isRunning, ContinuousClock.now < giveUp { try await Task.sleep(for: .milliseconds(50)) }
            if process.isRunning { process.terminate() }
            return try JSONDecoder().decode(Received.self, from: Data(contentsOf: output))
        }
    }

    struct Received: Decodable {
        struct LSLStream: Decodable {
            var name: String
            var source_id: String
            var srate: Double
            var channel_count: Int
            var labels: [String]
            var units: [String]
            var samples: [[Number]]
            var timestamps: [Double]
            /// The largest `timestamp − local_clock()` of any chunk when pulled (nil: none came).
            var max_ahead: Double?
            /// `local_clock() − newest timestamp` of every chunk when pulled.
            var lags: [Double]?
        }
        struct OSCPath: Decodable {
            var count: Int
            var first: [Number]?
        }
        var lsl: [String: LSLStream]
        var osc: [String: OSCPath]
    }

    /// A JSON number, "NaN" (JSON has none), or a marker's string.
    struct Number: Decodable {
        var value: Double
        var text = ""
        init(from decoder: any Decoder) throws {
            let c = try decoder.singleValueContainer()
            if let d = try? c.decode(Double.self) {
                value = d
            } else {
                text = try c.decode(String.self)
                value = .nan
            }
        }
    }

    struct Stored: Decodable {
        var utc_us: [Int64]
        var data: [[Double]]
        var anchor_utc: Double
        var anchor_monotonic: Double
        var channels: [String]
    }

    static func stored(_ path: URL) throws -> Stored {
        try PythonTool.json(
            Stored.self,
            script: """
                import h5py, json, sys, numpy as np
                f = h5py.File(sys.argv[1], 'r'); r = f['Recording']
                d = r['Data'][()]
                print(json.dumps({'utc_us': r['TimeStamp'][()].ravel().tolist(), 'data': [[None if x != x else float(x) for x in row] for row in d],
                  'anchor_utc': float(r.attrs['ClockAnchorUTC']), 'anchor_monotonic': float(r.attrs['ClockAnchorMonotonic']),
                  'channels': [c.decode() if isinstance(c, bytes) else c for c in r['ChannelNames'][()].ravel()]}))
                """, arguments: [path.path])
    }

    struct Item: Decodable { var path: String }

    /// `record --stream lsl --stream osc:…`: the pylsl inlet sees the EEG stream with its labels, unit,
    /// rate and a stable source id, and every sample it got equals the stored one at the same moment
    /// (LSL time mapped through the stored clock anchor); quality and band-power streams arrive; the
    /// OSC receiver gets /muse/eeg per sample, band powers and the horseshoe.
    @Test func recordStreamsToLSLAndOSCWhatItStores() async throws {
        let dir = try TemporaryDirectory("stream-record")
        let port = try FreePort.loopback()
        let receiver = try await Receiver(in: dir, arguments: ["--lsl", "EEG", "--lsl", "Quality", "--lsl", "BandPower", "--osc", "\(port)"])
        // The recorder's liblsl configuration without a log level, as a lab's would be: liblsl's INFO
        // lines ("Configuration loaded from …") must not reach the recorder's standard error.
        let session = try String(contentsOfFile: LSLTestSession.configPath, encoding: .utf8)
        let unleveled = dir.path("lsl_api.cfg")
        try session.components(separatedBy: "\n").filter { !$0.hasPrefix("[log]") && !$0.hasPrefix("level") }.joined(separator: "\n")
            .write(to: unleveled, atomically: true, encoding: .utf8)
        var environment = Self.environment
        environment["LSLAPICFG"] = unleveled.path
        let result = try CLI.run(
            [
                "record", "--data", dir.url.path, "--duration", "6s", "--stream", "lsl", "--stream", "osc:127.0.0.1:\(port)", "--json",
            ], environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("INFO|") && !result.stderr.contains("Configuration loaded"), "\(result.stderr)")
        let received = try await receiver.result()
        let item = try JSONDecoder().decode(Item.self, from: Data(result.stdout.utf8))
        let stored = try Self.stored(dir.url.appendingPathComponent(item.path))

        let eeg = try #require(received.lsl["EEG"])
        #expect(eeg.labels == stored.channels && eeg.units.allSatisfy { $0 == "microvolts" })
        #expect(eeg.srate == 256 && eeg.channel_count == 4)
        #expect(eeg.source_id.hasPrefix("study-recorder-oscillator-") && eeg.source_id.hasSuffix("-eeg"))
        let t0 = Double(stored.utc_us[0]) / 1e6
        var matched = 0, afterEnd = 0
        for (k, stamp) in eeg.timestamps.enumerated() {
            let utc = stamp - stored.anchor_monotonic + stored.anchor_utc
            let row = Int(((utc - t0) * 256).rounded())
            // The stream goes on until the source stops, a moment after the recording reached its
            // 6 s (up to seconds on a loaded machine): those samples have no stored row.
            if row >= stored.utc_us.count { afterEnd += 1; continue }
            guard stored.utc_us.indices.contains(row) else { continue }
            #expect(abs(Double(stored.utc_us[row]) / 1e6 - utc) < 0.0005, "sample \(k)")
            for c in 0..<4 {
                #expect(abs(Double(Float(stored.data[row][c])) - eeg.samples[k][c].value) < 1e-9)
            }
            matched += 1
        }
        // The inlet connects a moment after the outlet appears: most, not all, of the 1536 samples.
        #expect(matched + afterEnd == eeg.timestamps.count && matched >= 1000, "\(matched) matched, \(afterEnd) after the end")
        #expect(received.lsl["Quality"].map { $0.labels == stored.channels && !$0.timestamps.isEmpty } == true)
        #expect(received.lsl["BandPower"].map { $0.labels.count == 20 && $0.labels[2] == "TP9/alpha" && $0.timestamps.count >= 2 } == true)

        #expect((received.osc["/muse/eeg"]?.count ?? 0) >= 1400)
        #expect(received.osc["/muse/eeg"]?.first?.count == 4)
        #expect(received.osc["/muse/elements/alpha_absolute"]?.first?.count == 4)
        #expect(received.osc["/muse/elements/horseshoe"]?.first?.allSatisfy { [1, 2, 4].contains($0.value) } == true)
    }

    /// An LSL consumer that never reads and an OSC port nobody listens on cost the recording nothing:
    /// two minutes of signal recorded as fast as possible are stored complete, without a gap.
    @Test func aConsumerThatStopsReadingCostsNoSample() async throws {
        let dir = try TemporaryDirectory("stream-stall")
        let unused = try FreePort.loopback()
        let receiver = try await Receiver(in: dir, arguments: ["--lsl", "EEG", "--stall", "--timeout", "8"])
        let result = try CLI.run(
            [
                "record", "--data", dir.url.path, "--duration", "120s", "--speed", "0", "--stream", "lsl", "--stream", "osc:127.0.0.1:\(unused)",
                "--json",
            ], environment: Self.environment)
        #expect(result.status == 0, "\(result.stderr)")
        receiver.process.terminate()
        let item = try JSONDecoder().decode(Item.self, from: Data(result.stdout.utf8))
        let counts = try PythonTool.run(
            script: """
                import h5py, sys
                r = h5py.File(sys.argv[1], 'r')['Recording']
                print(int(r.attrs['SampleCount']), int(r.attrs['GapSampleCount']), int(r.attrs['Complete']))
                """, arguments: [dir.url.appendingPathComponent(item.path).path])
        #expect(counts.trimmingCharacters(in: .whitespacesAndNewlines) == "30720 0 1")
    }

    /// Without liblsl, `--stream lsl` says exactly that and how to provide it, exit 69, nothing stored.
    @Test func aMissingLiblslIsOneLine() throws {
        let dir = try TemporaryDirectory("stream-nolsl")
        let result = try CLI.run(
            ["record", "--data", dir.url.path, "--duration", "1s", "--stream", "lsl", "--lsl-library", "/nonexistent/liblsl.so"],
            environment: Self.environment)
        #expect(result.status == 69)
        #expect(result.stderr.split(separator: "\n").count == 1 && result.stderr.contains("liblsl") && result.stderr.contains("pip install pylsl"))
        #expect(FileManager.default.enumerator(atPath: dir.url.path)?.allObjects.contains { ($0 as? String)?.hasSuffix(".h5") == true } != true)
        let bad = try CLI.run(["check", "--stream", "udp:1"])
        #expect(bad.status == 64 && bad.stderr.contains("unknown stream target"))
    }
    struct StoredEvents: Decodable {
        var labels: [String]
        var times: [Double]
    }

    struct RunReport: Decodable {
        var stored: [Item]
    }

    /// `run --stream lsl`: the study's markers arrive on the LSL marker stream, each at the LSL time of
    /// the sample it is stored on (mapped through the stored clock anchor), with its label.
    @Test func runStreamsItsMarkersAtTheirSamples() async throws {
        let dir = try TemporaryDirectory("stream-run")
        #expect(try CLI.run(["enroll", RunCommandTests.mynd, "--data", dir.url.path, "--name", "Ann Example", "--auto"]).status == 0)
        for _ in 0..<2 { _ = try RunCommandTests.run(RunCommandTests.mynd, data: dir.url) }
        let receiver = try await Receiver(in: dir, arguments: ["--lsl", "Markers", "--timeout", "90", "--idle", "12"])
        let result = try CLI.run(
            ["run", RunCommandTests.mynd, "--data", dir.url.path, "--auto", "--json", "--speed", "20", "--stream", "lsl"],
            environment: Self.environment)
        #expect(result.status == 0, "\(result.stderr)")
        let received = try await receiver.result()
        let report = try JSONDecoder().decode(RunReport.self, from: Data(result.stdout.utf8))
        var stored: [(label: String, utc: Double)] = []
        for item in report.stored {
            let events = try PythonTool.json(
                StoredEvents.self,
                script: """
                    import h5py, json, sys
                    f = h5py.File(sys.argv[1], 'r'); r = f['Recording']; t = r['TimeStamp'][()].ravel()
                    a_utc = float(r.attrs['ClockAnchorUTC']); a_mono = float(r.attrs['ClockAnchorMonotonic'])
                    e = f['Events']
                    labels = list(e['Label'].asstr()[()]); rows = e['SampleIndex'][()].tolist(); codes = e['Code'][()].tolist()
                    keep = [i for i, c in enumerate(codes) if c >= 0]
                    # As LSL time: the stored sample time through the stored anchor.
                    print(json.dumps({'labels': [labels[i] for i in keep], 'times': [t[rows[i]] / 1e6 - a_utc + a_mono for i in keep]}))
                    """, arguments: [dir.url.appendingPathComponent(item.path).path])
            stored += zip(events.labels, events.times).map { ($0, $1) }
        }
        let markers = try #require(received.lsl["Markers"])
        #expect(markers.labels == ["marker"] && markers.srate == 0)
        let studyMarkers = zip(markers.samples, markers.timestamps).filter { !($0.0.first?.text.hasPrefix("device:") ?? true) }
        // An inlet receives what is pushed after it connected: on a busy machine it may connect after
        // the session's first markers. From its first marker on, none may be missing (2 of slack for
        // the last ones pushed as the stream closes), and it connected before half were pushed.
        let firstReceived = studyMarkers.map(\.1).min() ?? .infinity
        let afterConnecting = stored.filter { $0.utc >= firstReceived - 0.0005 }
        #expect(!stored.isEmpty && studyMarkers.count * 2 >= stored.count, "\(studyMarkers.count) of \(stored.count)")
        #expect(studyMarkers.count >= afterConnecting.count - 2, "\(studyMarkers.count) of the \(afterConnecting.count) pushed after the first received")
        for (sample, stamp) in studyMarkers {
            let label = sample.first?.text ?? ""
            #expect(stored.contains { $0.label == label && abs($0.utc - stamp) < 0.0005 }, "\(label) at \(stamp)")
        }
    }
    struct Sent: Decodable {
        var sent: [[Number]]
    }

    /// `record --lsl-markers NAME`: markers a pylsl outlet (stimulus software) pushes land in the
    /// recording at the sample whose time, mapped to LSL's clock through the stored anchor, is nearest
    /// the marker's LSL timestamp (within one sample period), with their text as label.
    @Test func markersFromAnLSLOutletLandAtTheirSamples() async throws {
        let dir = try TemporaryDirectory("stream-markers-in")
        let output = dir.path("sent.json")
        let sender = Process()
        sender.executableURL = ProjectPaths.python
        sender.arguments = [
            ProjectPaths.root.appendingPathComponent("Tests/Servers/lsl_marker_sender.py").path, output.path, "TestStimuli", "6", "0.4",
        ]
        sender.environment = Self.environment
        sender.standardOutput = FileHandle.nullDevice
        sender.standardError = FileHandle.nullDevice
        try sender.runWithTerminationSignals()
        let result = try CLI.run(
            ["record", "--data", dir.url.path, "--duration", "8s", "--lsl-markers", "TestStimuli", "--json"], environment: Self.environment)
        #expect(result.status == 0, "\(result.stderr)")
        sender.waitUntilExit()
        let sent = try JSONDecoder().decode(Sent.self, from: Data(contentsOf: output)).sent.map { ($0[0].text, $0[1].value) }
        #expect(sent.count == 6)
        let item = try JSONDecoder().decode(Item.self, from: Data(result.stdout.utf8))
        let events = try PythonTool.json(
            StoredEvents.self,
            script: """
                import h5py, json, sys
                f = h5py.File(sys.argv[1], 'r'); r = f['Recording']; t = r['TimeStamp'][()].ravel()
                a_utc = float(r.attrs['ClockAnchorUTC']); a_mono = float(r.attrs['ClockAnchorMonotonic'])
                e = f['Events']; labels = list(e['Label'].asstr()[()]); rows = e['SampleIndex'][()].tolist()
                keep = [i for i, l in enumerate(labels) if l.startswith('stim-')]
                print(json.dumps({'labels': [labels[i] for i in keep], 'times': [t[rows[i]] / 1e6 - a_utc + a_mono for i in keep]}))
                """, arguments: [dir.url.appendingPathComponent(item.path).path])
        #expect(events.labels.sorted() == sent.map(\.0).sorted())
        for (label, stamp) in sent {
            let stored = try #require(zip(events.labels, events.times).first { $0.0 == label })
            #expect(abs(stored.1 - stamp) <= 1.0 / 256, "\(label): stored at \(stored.1), sent at \(stamp)")
        }
    }
}
