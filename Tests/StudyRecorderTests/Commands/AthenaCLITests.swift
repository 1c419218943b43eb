import Foundation
import TestSupport
import Testing

/// The real CLI with a simulated Muse S Athena started by the real CLI: a shared real capture replayed
/// by `simulate-headband --replay` and recorded by `record --source muse` equals the independent
/// Python decode (Tests/Servers/athena_reference_decoder.py) sample by sample; a generated Athena
/// records its default preset; presets outside the model's list are refused with the list.
@Suite(.tags(.process, .python))
struct AthenaCLITests {
    struct Stored: Decodable {
        var rows: Int
        var channels: [String]
        var eeg_equal: Bool
        var eeg_nan_rows: Int
        var accel_equal: Bool
        var accel_rows: Int
        var optics_equal: Bool
        var optics_rows: Int
        var optics_labels: [String]
        var battery_equal: Bool
        var battery_rows: Int
        var preset: String
        var model: String
        var wavelengths: String
        var steps_ok: Bool
    }

    struct StoredItem: Decodable {
        var path: String
    }

    /// Reads a recording and compares it with the reference decode of `capture` (prefixes: the
    /// recording ends by its duration, before the capture does). The stored times never step back and
    /// are spaced 1/256 s at the replay's speed within 5 %: the replay is paced by another process
    /// over 2 s of wall time, and two copies of the suite at once slowed it by more than 1 %.
    static let compare = """
        import h5py, json, sys, numpy as np
        sys.path.insert(0, sys.argv[3])
        import athena_reference_decoder as ref
        f = h5py.File(sys.argv[1], 'r'); r = ref.decode(sys.argv[2])
        raw = f['Recording/RawData'][()]; d = f['Recording/Data'][()]; t = f['Recording/TimeStamp'][()].ravel()
        ch = r['eeg_channels']; n = raw.shape[0]
        eeg = np.array(r['eeg']).reshape(-1, ch)[:n]
        acc = f['Streams/accelerometer/Data'][()]; ra = np.array(r['accel']).reshape(-1, 3)[:acc.shape[0]]
        o = f['Streams/optics/Data'][()] if 'optics' in f['Streams'] else np.zeros((0, 1))
        ro = np.array(r['optics']).reshape(-1, max(r['optics_channels'], 1))[:o.shape[0]] if r['optics_channels'] else np.zeros((0, 1))
        b = f['Streams/battery/Data'][()].ravel(); rb = np.array(r['battery'][:b.shape[0]]) / 256
        steps = np.diff(t) / 1e6
        names = lambda x: [c.decode() if isinstance(c, bytes) else c for c in np.array(x).ravel()]
        print(json.dumps({'rows': int(n), 'channels': names(f['Recording/ChannelNames'][()]),
          'eeg_equal': bool(np.array_equal(raw.astype(int), eeg)), 'eeg_nan_rows': int(np.isnan(d).all(axis=1).sum()),
          'accel_equal': bool(np.array_equal(np.rint(acc / 0.0000610352).astype(int), ra)), 'accel_rows': int(acc.shape[0]),
          'optics_equal': bool(np.array_equal(o.astype(int), ro)), 'optics_rows': int(o.shape[0]),
          'optics_labels': names(f['Streams/optics'].attrs['ChannelNames']) if 'optics' in f['Streams'] else [],
          'battery_equal': bool(np.allclose(b, rb)), 'battery_rows': int(b.shape[0]),
          'preset': f['Device'].attrs['Preset'], 'model': f['Recording'].attrs['DeviceModel'],
          'wavelengths': f['Device'].attrs.get('OpticsWavelengthsNM', ''),
          'steps_ok': bool(len(steps) > 0 and steps.min() >= 0 and abs(np.mean(steps) * 256 * 20 - 1) < 0.05)}))
        """

    /// Each shared capture: (name, seconds recorded, EEG channels, optics channels).
    static let captures: [(String, Int, Int, Int)] = [
        ("data_p21", 40, 4, 0), ("data_p1035", 40, 4, 4), ("data_p1034", 40, 4, 8), ("data_p1041", 40, 8, 16), ("test_battery_58_27", 8, 4, 0),
    ]

    @Test(arguments: captures) func aReplayedCaptureRecordsAsThePythonDecodeHasIt(_ name: String, _ seconds: Int, _ eeg: Int, _ optics: Int) throws {
        let capture = ProjectPaths.root.appendingPathComponent("Tests/Fixtures/athena/\(name).txt").path
        let headband = try MuseCLITests.Headband(["--replay", capture], speed: 20)
        let dir = try TemporaryDirectory("cli-athena-replay")
        let result = try CLI.run([
            "record", "--source", "muse", "--device", headband.device, "--speed", "20", "--duration", "\(seconds)s", "--data", dir.url.path, "--json",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let item = try JSONDecoder().decode(StoredItem.self, from: Data(result.stdout.utf8))
        let stored = try PythonTool.json(
            Stored.self, script: Self.compare,
            arguments: [dir.url.appendingPathComponent(item.path).path, capture, ProjectPaths.root.appendingPathComponent("Tests/Servers").path])
        #expect(stored.rows == seconds * 256)
        #expect(stored.channels == Array(["TP9", "AF7", "AF8", "TP10", "AUX_1", "AUX_2", "AUX_3", "AUX_4"].prefix(eeg)))
        #expect(stored.eeg_equal && stored.eeg_nan_rows == 0)
        #expect(stored.accel_equal && stored.accel_rows > (seconds - 1) * 52)
        #expect(stored.optics_equal && stored.optics_labels.count == optics)
        if optics > 0 {
            #expect(stored.optics_rows > (seconds - 1) * 64)
            #expect(stored.wavelengths.split(separator: ",").count == optics)
        }
        if optics == 16 { #expect(stored.wavelengths.hasPrefix("730,850,660,0")) }
        #expect(stored.battery_equal && stored.battery_rows >= seconds * 7 / 8, "\(stored.battery_rows) battery rows")
        #expect(stored.preset == "p1041" && stored.model == "Muse S Athena")
        #expect(stored.steps_ok)
    }

    /// The classic simulator's fault options act on a simulated Athena's notifications: a dropped and
    /// a late one are NaN rows with a gap event at their exact place (notification k holds EEG samples
    /// 4k…4k+3), a copy claiming to be 30 s later is discarded as corrupt and is no gap; a clock ten
    /// times fast is one line and exit 69; options it does not simulate are refused.
    @Test func theFaultOptionsActOnASimulatedAthena() throws {
        let headband = try MuseCLITests.Headband(
            ["--model", "athena", "--drop-blocks", "100", "--late-blocks", "300", "--corrupt-counter-after", "200", "--connection-interval", "15ms"],
            speed: 20)
        let dir = try TemporaryDirectory("cli-athena-faults")
        let result = try CLI.run([
            "record", "--source", "muse", "--device", headband.device, "--speed", "20", "--duration", "8s", "--data", dir.url.path, "--json",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let item = try JSONDecoder().decode(StoredItem.self, from: Data(result.stdout.utf8))
        let events = try PythonTool.json(
            [[String]].self,
            script: """
                import h5py, json, sys
                e = h5py.File(sys.argv[1], 'r')['Events']
                print(json.dumps([[str(c), l, str(i)] for c, l, i in zip(e['Code'][()].ravel().tolist(), e['Label'].asstr()[()].ravel().tolist(), e['SampleIndex'][()].ravel().tolist())]))
                """, arguments: [dir.url.appendingPathComponent(item.path).path])
        let gaps = events.filter { $0[0] == "-1" && $0[1].hasPrefix("gap") }.map { $0[2] }
        #expect(gaps == ["400", "1200"], "\(events)")
        #expect(events.contains { $0[0] == "-4" && $0[1].hasPrefix("discarded ") }, "\(events)")

        let fast = try MuseCLITests.Headband(["--model", "athena", "--clock-factor", "10"], speed: 1)
        let failed = try CLI.run(["record", "--source", "muse", "--device", fast.device, "--duration", "8s", "--data", dir.url.path])
        #expect(failed.status == 69, "\(failed.status) \(failed.stderr)")
        let errors = failed.stderr.split(separator: "\n").filter { $0.contains("device fault") }
        #expect(errors.count == 1 && errors[0].contains("faster than its 256 Hz"), "\(failed.stderr)")
        #expect(failed.stdout.contains("incomplete (source failed: device fault"), "\(failed.stdout)")

        let refused = try CLI.run(["simulate-headband", "unix:" + dir.url.path + "/x.sock", "--model", "athena", "--motion-at", "5"])
        #expect(refused.status == 64 && refused.stderr.contains("not simulated for a Muse S Athena"), "\(refused.stderr)")
    }

    @Test func presetsAreCheckedAgainstTheModel() throws {
        let headband = try MuseCLITests.Headband(["--model", "athena"], speed: 20)
        let dir = try TemporaryDirectory("cli-athena-preset")
        let unknown = try CLI.run(["record", "--source", "muse", "--device", headband.device, "--preset", "p99", "--data", dir.url.path])
        #expect(unknown.status == 64 && unknown.stderr.contains("p1041") && unknown.stderr.contains("p4129"))
        let result = try CLI.run([
            "record", "--source", "muse", "--device", headband.device, "--preset", "p1035", "--speed", "20", "--duration", "3s",
            "--data", dir.url.path, "--json",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let badSimulator = try CLI.run(["simulate-headband", "unix:" + dir.url.path + "/x.sock", "--model", "athena", "--preset", "p22"])
        #expect(badSimulator.status == 64 && badSimulator.stderr.contains("p1041"))
    }
}
