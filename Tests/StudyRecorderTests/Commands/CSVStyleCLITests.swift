import Foundation
import TestSupport
import Testing

/// `export --format csv --csv-style mindmonitor|muselsl` and `--format xdf`: a recording from a simulated headband
/// (p50: AUX, accelerometer, gyroscope, PPG, battery, on-head) with a marker by hand is read with
/// pandas the way scripts written for Mind Monitor's and muselsl's files read theirs, and compared
/// with the HDF5 file read by h5py.
@Suite(.tags(.process, .python))
struct CSVStyleCLITests {
    struct Read: Decodable {
        var mm_columns: [String]
        var mm_aux_left_empty: Bool
        var mm_rows: Int
        var mm_raw_equal: Bool
        var mm_aux_equal: Bool
        var mm_alpha_equal: Bool
        var mm_alpha_rows: Int
        var mm_on_head_rows: Int
        var mm_head_known_rows: Int
        var mm_hsi: [Double]
        var mm_battery: [Double]
        var mm_acc_rows: Int
        var mm_elements: [String]
        var mm_first_time_ok: Bool
        var ml_columns: [String]
        var ml_equal: Bool
        var ml_times_equal: Bool
        var ml_markers: [Int]
        var rows: Int
    }

    static let read = """
        import sys, json, h5py, numpy as np, pandas as pd
        from datetime import datetime, timezone
        h5, mm_path, ml_path = sys.argv[1:4]
        f = h5py.File(h5, 'r'); data = f['Recording/Data'][()]; names = [c.decode() if isinstance(c, bytes) else c for c in f['Recording/ChannelNames'][()].ravel()]
        ts = f['Recording/TimeStamp'][()].ravel() / 1e6
        # As Mind Monitor users read its files.
        df = pd.read_csv(mm_path)
        raw = df[['RAW_TP9', 'RAW_AF7', 'RAW_AF8', 'RAW_TP10']].to_numpy()
        alpha = df[['Alpha_TP9', 'Alpha_AF7', 'Alpha_AF8', 'Alpha_TP10']]
        q = f['Quality']; cols = list(q['BandPowerAbsolute'].attrs['columns']); bp = q['BandPowerAbsolute'][()]; bt = q['BandPowerAbsoluteTime'][()].ravel()
        idx = np.searchsorted(bt, ts + 1e-9, side='right') - 1
        expected = np.full((len(ts), 4), np.nan)
        for k, ch in enumerate(['TP9', 'AF7', 'AF8', 'TP10']):
            c = cols.index(ch + '/alpha')
            ok = idx >= 0
            with np.errstate(divide='ignore', invalid='ignore'):
                expected[ok, k] = np.log10(bp[idx[ok], c])
        got = alpha.to_numpy()
        stamp = datetime.strptime(df['TimeStamp'][0], '%Y-%m-%d %H:%M:%S.%f').replace(tzinfo=timezone.utc).timestamp()
        on = df[df['HeadBandOn'] == 1]
        out = {
          'mm_columns': list(df.columns), 'mm_rows': int(len(df)),
          'mm_raw_equal': bool(np.allclose(raw, data[:, :4], equal_nan=True, rtol=0, atol=0)),
          'mm_aux_equal': bool(np.allclose(df['AUX_RIGHT'].to_numpy(), data[:, names.index('AUX_R')], equal_nan=True, rtol=0, atol=0)),
          'mm_aux_left_empty': bool(df['AUX_LEFT'].isna().all()),
          'mm_alpha_equal': bool(np.allclose(got, expected, equal_nan=True, rtol=1e-12, atol=1e-12)),
          'mm_alpha_rows': int(alpha.dropna().shape[0]),
          'mm_on_head_rows': int(len(on)), 'mm_head_known_rows': int(df['HeadBandOn'].notna().sum()),
          'mm_hsi': sorted(set(float(x) for x in df[['HSI_TP9', 'HSI_AF7', 'HSI_AF8', 'HSI_TP10']].stack().dropna().tolist())),
          'mm_battery': sorted(set(float(x) for x in df['Battery'].dropna().tolist())),
          'mm_acc_rows': int(df[['Accelerometer_X', 'Accelerometer_Y', 'Accelerometer_Z', 'Gyro_X', 'Gyro_Y', 'Gyro_Z']].dropna().shape[0]),
          'mm_elements': df[df['Elements'].notna()]['Elements'].tolist(),
          'mm_first_time_ok': bool(abs(stamp - ts[0]) < 0.001),
        }
        # As muselsl users read its files.
        ml = pd.read_csv(ml_path)
        eeg = ml[['TP9', 'AF7', 'AF8', 'TP10', 'Right AUX']].to_numpy()
        order = [names.index(c) for c in ['TP9', 'AF7', 'AF8', 'TP10', 'AUX_R']]
        out.update({'ml_columns': list(ml.columns), 'ml_equal': bool(np.allclose(eeg, data[:, order], equal_nan=True, rtol=0, atol=0)),
          'ml_times_equal': bool(np.abs(ml['timestamps'].to_numpy() - ts).max() < 1e-6),
          'ml_markers': [int(m) for m in ml['Marker0'] if m != 0], 'rows': int(data.shape[0])})
        print(json.dumps(out))
        """

    @Test func mindMonitorAndMuselslScriptsReadOurCSVUnchanged() throws {
        let headband = try MuseCLITests.Headband(["--preset", "p50"], speed: 1)
        let dir = try TemporaryDirectory("csv-styles")
        let data = dir.path("data")
        let recorder = Process()
        recorder.executableURL = try CLI.binary()
        recorder.arguments = [
            "record", "--source", "muse", "--device", headband.device, "--preset", "p50", "--data", data.path, "--duration", "8s", "--markers",
            "keys", "--json",
        ]
        let keys = Pipe(), output = Pipe()
        recorder.standardInput = keys
        recorder.standardOutput = output
        recorder.standardError = FileHandle.nullDevice
        try recorder.runWithTerminationSignals()
        defer { if recorder.isRunning { recorder.terminate() } }
        let journal = try #require(FileWaiter.firstBlocking(withExtension: "journal", below: data, timeout: 30))
        // The marker goes in a few seconds into the 8 s: once the journal holds some seconds of rows.
        #expect(FileWaiter.untilSize(of: journal, atLeast: 30_000, timeout: 30))
        keys.fileHandleForWriting.write(Data("4".utf8))
        let json = output.fileHandleForReading.readDataToEndOfFile()
        recorder.waitUntilExit()
        #expect(recorder.terminationStatus == 0)
        struct Item: Decodable { var path: String }
        let item = try JSONDecoder().decode(Item.self, from: json)
        let stem = ((item.path as NSString).lastPathComponent as NSString).deletingPathExtension
        // The same recording as XDF: every device stream of the headband with all its samples.
        let xdf = try CLI.run(["export", item.path, "--data", data.path, "--format", "xdf", "--out", dir.path("xdf").path])
        #expect(xdf.status == 0, "\(xdf.stderr)")
        let streams = try PythonTool.run(
            script: """
                import sys, json, h5py, pyxdf
                streams, _ = pyxdf.load_xdf(sys.argv[1])
                f = h5py.File(sys.argv[2], 'r')
                got = {s['info']['type'][0]: len(s['time_stamps']) for s in streams}
                want = {'EEG': f['Recording/Data'].shape[0], 'Accelerometer': f['Streams/accelerometer/Data'].shape[0],
                        'Gyroscope': f['Streams/gyroscope/Data'].shape[0], 'PPG': f['Streams/ppg/Data'].shape[0]}
                print(json.dumps(all(got.get(k) == v for k, v in want.items()) and 'Markers' in got and 'Quality' in got))
                """, arguments: [dir.path("xdf/\(stem).xdf").path, data.appendingPathComponent(item.path).path])
        #expect(streams.trimmingCharacters(in: .whitespacesAndNewlines) == "true")
        for style in ["mindmonitor", "muselsl"] {
            let result = try CLI.run(
                ["export", item.path, "--data", data.path, "--format", "csv", "--csv-style", style, "--out", dir.path(style).path],
                environment: ProcessInfo.processInfo.environment.merging(["TZ": "UTC"]) { $1 })
            #expect(result.status == 0, "\(result.stderr)")
        }
        let read = try PythonTool.json(
            Read.self, script: Self.read,
            arguments: [
                data.appendingPathComponent(item.path).path, dir.path("mindmonitor/\(stem).csv").path, dir.path("muselsl/\(stem).csv").path,
            ])
        #expect(read.mm_columns.first == "TimeStamp" && read.mm_columns.last == "Elements")
        #expect(Array(read.mm_columns[1...5]) == ["Delta_TP9", "Delta_AF7", "Delta_AF8", "Delta_TP10", "Theta_TP9"])
        #expect(read.mm_columns.contains("HeadBandOn") && read.mm_columns.contains("HSI_TP10") && read.mm_columns.contains("Gyro_Z"))
        // Mind Monitor's two AUX columns in its order; p50 streams the right input only.
        #expect(Array(read.mm_columns.drop { $0 != "RAW_TP10" }.prefix(4)) == ["RAW_TP10", "AUX_LEFT", "AUX_RIGHT", "Accelerometer_X"])
        #expect(read.mm_aux_left_empty)
        #expect(read.mm_rows == read.rows)
        #expect(read.mm_raw_equal && read.mm_aux_equal)
        #expect(read.mm_alpha_equal, "Alpha_* are the stored alpha band powers in Bels, forward-filled")
        // Band powers from the first 4 s window on (8 s recorded).
        #expect(read.mm_alpha_rows > read.rows / 4)
        // On the head from the device's first word on (empty before it, as Mind Monitor's start).
        #expect(read.mm_on_head_rows == read.mm_head_known_rows && read.mm_on_head_rows > read.rows * 9 / 10)
        #expect(!read.mm_hsi.isEmpty && read.mm_hsi.allSatisfy { [1, 2, 4].contains($0) })
        #expect(!read.mm_battery.isEmpty)
        #expect(read.mm_acc_rows > read.rows * 9 / 10)
        #expect(read.mm_elements == ["/Marker/4"], "\(read.mm_elements)")
        #expect(read.mm_first_time_ok)
        #expect(read.ml_columns == ["timestamps", "TP9", "AF7", "AF8", "TP10", "Right AUX", "Marker0"])
        #expect(read.ml_equal && read.ml_times_equal)
        #expect(read.ml_markers == [4])
    }
}
