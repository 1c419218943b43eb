import Foundation
import TestSupport
import Testing

/// Keys pressed through the real CLI (`record --markers keys`, the binary as a child process) while
/// the project's simulated headband hangs (`simulate-headband --silent-after`): each key is a marker
/// on its own row at its moment — the gap's NaN row nearest it when it fell in the gap, never the
/// gap's edges — at real time and at 20×, classic and Athena. `events.tsv` keeps the true onsets
/// (unique) and says which markers sit on missing EEG; MNE epochs the keys; `record --json` carries
/// the recording's account (lost time, windows, verdict) as `analyze` gives it.
@Suite(.tags(.process, .server, .python))
struct KeysInAHangCLITests {
    struct Stored: Decodable {
        struct Key: Decodable {
            var code: Int
            var time: Double
            var sample: Int
            var nearest: Int
            var missing: Bool
        }
        var rows: Int
        var nan_rows: Int
        var keys: [Key]
    }

    struct Exported: Decodable {
        var key_onsets: [Double]
        var key_missing: [String]
        var key_events: Int
        var epochs: Int
    }

    struct Printed: Decodable {
        struct Account: Decodable {
            var line: String
            var lostSeconds: Double
            var lostShare: Double
            var missingWindows: Int
            var verdict: String?
        }
        var path: String
        var account: Account?
    }

    /// Each key marker (codes 1–9): its stored moment, its row, the row whose time is nearest its
    /// moment, and whether its row is a lost one.
    static let stored = """
        import h5py, json, sys, numpy as np
        f = h5py.File(sys.argv[1], 'r')
        d = f['Recording/Data'][()]
        stamps = f['Recording/TimeStamp'][()].ravel() / 1e6
        nan = np.isnan(d).all(axis=1)
        codes = f['Events/Code'][()].ravel().tolist(); samples = f['Events/SampleIndex'][()].ravel().tolist()
        times = f['Events/Time'][()].ravel().tolist()
        keys = [{'code': int(c), 'time': float(t), 'sample': int(s), 'nearest': int(np.abs(stamps - t).argmin()), 'missing': bool(nan[s])}
                for c, s, t in zip(codes, samples, times) if 1 <= c <= 9]
        print(json.dumps({'rows': int(d.shape[0]), 'nan_rows': int(nan.sum()), 'keys': keys}))
        """

    /// The BIDS dataset's key rows (onsets, `eeg_missing`) and MNE-BIDS + MNE epoching the keys.
    static let exported = """
        import sys, json, glob, csv, warnings, mne, mne_bids
        warnings.simplefilter('ignore')
        tsv = [p for p in glob.glob(sys.argv[1] + '/sub-*/**/*_events.tsv', recursive=True)][0]
        rows = [r for r in csv.DictReader(open(tsv), delimiter='\\t') if r['trial_type'].startswith('key')]
        eeg = glob.glob(tsv.replace('_events.tsv', '_eeg.*'))
        path = mne_bids.get_bids_path_from_fname([p for p in eeg if not p.endswith('.json')][0])
        raw = mne_bids.read_raw_bids(path, verbose='error')
        events, ids = mne.events_from_annotations(raw, verbose='error')
        keys = {k: v for k, v in ids.items() if k.startswith('key')}
        events = events[[e[2] in keys.values() for e in events]]
        epochs = mne.Epochs(raw, events, keys, tmin=-0.1, tmax=0.2, baseline=None, preload=True, verbose='error')
        print(json.dumps({'key_onsets': [float(r['onset']) for r in rows], 'key_missing': [r['eeg_missing'] for r in rows],
          'key_events': int(len(events)), 'epochs': len(epochs)}))
        """

    /// A hang of each headband at each speed: the simulator's arguments, the recording's duration,
    /// and when (host seconds after the recording holds data) and how often to press keys so that
    /// some fall into the hang (silent after 9.4 s of signal at real time, 70 s / 31 s at 20×).
    @Test(arguments: [
        (1, ["--silent-after", "200"], "16s", 8.0, 5.5, 0.3),
        (1, ["--model", "athena", "--silent-after", "600"], "16s", 8.0, 5.5, 0.3),
        (20, ["--silent-after", "1500"], "2m", 3.0, 1.6, 0.1),
        (20, ["--model", "athena", "--silent-after", "2000"], "90s", 1.1, 1.5, 0.1),
    ])
    func keysPressedInAHangLandOnTheirOwnLostRows(
        speed: Int, simulator: [String], duration: String, from: Double, lasting: Double, every: Double
    ) throws {
        let headband = try MuseCLITests.Headband(simulator, speed: speed)
        let dir = try TemporaryDirectory("cli-keys-in-hang")
        let recorder = Process()
        recorder.executableURL = try CLI.binary()
        recorder.arguments = [
            "record", "--source", "muse", "--device", headband.device, "--speed", "\(speed)", "--duration", duration, "--data", dir.url.path,
            "--markers", "keys", "--json",
        ]
        let keys = Pipe(), output = Pipe(), errors = Pipe()
        recorder.standardInput = keys
        recorder.standardOutput = output
        recorder.standardError = errors
        try recorder.runWithTerminationSignals()
        defer { if recorder.isRunning { recorder.terminate() } }
        #expect(FileWaiter.firstBlocking(withExtension: "journal", below: dir.url, timeout: 30) != nil)
        let origin = Date().timeIntervalSince1970
        var pressed: [Double] = []
        var k = 0
        while from + Double(k) * every < from + lasting {
            let due = origin + from + Double(k) * every
            let wait = due - Date().timeIntervalSince1970
            if wait > 0 { usleep(UInt32(wait * 1e6)) }
            pressed.append(Date().timeIntervalSince1970)
            keys.fileHandleForWriting.write(Data(String(k % 9 + 1).utf8))
            k += 1
        }
        let json = output.fileHandleForReading.readDataToEndOfFile()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        recorder.waitUntilExit()
        #expect(recorder.terminationStatus == 0, "\(stderr)")
        let printed = try JSONDecoder().decode(Printed.self, from: json)
        let file = dir.url.appendingPathComponent(printed.path).path

        let stored = try PythonTool.json(Stored.self, script: Self.stored, arguments: [file])
        #expect(stored.nan_rows > 0, "the hang lost no rows")
        // Every key pressed is a marker, in order …
        #expect(stored.keys.map(\.code) == (0..<pressed.count).map { $0 % 9 + 1 }, "\(stored.keys.map(\.code))")
        // … its moment when it was pressed (the reader polls every 50 ms at most) …
        for (key, moment) in zip(stored.keys, pressed) {
            #expect(abs(key.time - moment) < 0.1, "key \(key.code) stored at \(key.time - moment) s from its press")
        }
        // … on the row nearest its moment: a lost one when it fell in the hang, each on its own row.
        for key in stored.keys { #expect(key.sample == key.nearest, "key \(key.code) on row \(key.sample), nearest \(key.nearest)") }
        #expect(Set(stored.keys.map(\.sample)).count == stored.keys.count)
        #expect(stored.keys.contains { $0.missing }, "no key fell into the hang: \(stored.keys.map(\.sample)), \(stored.nan_rows) lost rows")

        // `record --json` carries the account `analyze` gives.
        let account = try #require(printed.account)
        let analyzed = try CLI.run(["analyze", file])
        #expect(analyzed.stdout.split(separator: "\n").last.map(String.init) == account.line)
        #expect(abs(account.lostSeconds - Double(stored.nan_rows) / 256) < 0.01)
        #expect(account.missingWindows > 0, "\(account.line)")

        // BIDS keeps the true onsets, unique, says which keys sit on missing EEG, and MNE epochs them.
        let out = try TemporaryDirectory("cli-keys-in-hang-bids")
        let bids = out.url.appendingPathComponent("bids").path
        let export = try CLI.run(["export", "--data", dir.url.path, "--all", "--format", "bids", "--include-simulated", "--out", bids])
        #expect(export.status == 0, "\(export.stderr)")
        let exported = try PythonTool.json(Exported.self, script: Self.exported, arguments: [bids])
        #expect(exported.key_onsets.count == stored.keys.count)
        #expect(Set(exported.key_onsets).count == exported.key_onsets.count, "\(exported.key_onsets)")
        for (onset, key) in zip(exported.key_onsets, stored.keys) {
            #expect(abs(onset - Double(key.sample) / 256) < 1e-4, "key \(key.code): onset \(onset), row \(key.sample)")
        }
        #expect(exported.key_missing == stored.keys.map { $0.missing ? "yes" : "no" })
        #expect(exported.key_events == stored.keys.count)
        #expect(exported.epochs > 0)
    }
}
