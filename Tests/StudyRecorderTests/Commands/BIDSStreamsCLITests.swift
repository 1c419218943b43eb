import Foundation
import TestSupport
import Testing

/// Every stream of a headband recording reaches BIDS: PPG (classic p50) and the Muse S Athena's optics
/// as physiological recordings, accelerometer and gyroscope as BIDS motion, each the stored rows one
/// for one with lost packets as n/a at their place, timed against the EEG; the BIDS validator finds
/// no error and mne-bids reads the EEG as before.
@Suite(.tags(.process, .server, .python))
struct BIDSStreamsCLITests {
    struct Stream: Decodable {
        var name: String; var kind: String; var rows: Int; var tsv_rows: Int; var same_values: Bool; var lost_rows: Int; var na_rows_at_lost: Bool
        var start_error_s: Double; var rate: Double; var columns: [String]; var sidecar: [String: JSONValue]
        var channel_types: [String]; var channel_units: [String]; var components: [String]; var latency_error_s: Double
        /// The physio file's size over its text's (deflated: well below 1).
        var gz_ratio: Double
    }
    struct ReadBack: Decodable {
        var streams: [Stream]; var eeg_channels: [String]; var eeg_rows: Int; var h5_rows: Int; var eeg_max_error_uv: Double
    }
    /// A JSON value of a sidecar, as far as the test looks at it.
    enum JSONValue: Decodable {
        case number(Double), text(String), other
        init(from decoder: any Decoder) throws {
            let c = try decoder.singleValueContainer()
            if let d = try? c.decode(Double.self) { self = .number(d) } else if let s = try? c.decode(String.self) { self = .text(s) } else { self = .other }
        }
        var text: String? { if case .text(let s) = self { s } else { nil } }
        var number: Double? { if case .number(let d) = self { d } else { nil } }
    }

    static let readBack = """
        import glob, gzip, json, os, sys, h5py, numpy as np, pandas as pd, mne_bids
        h5, root = sys.argv[1:3]
        f = h5py.File(h5, 'r')
        te = f['Recording/TimeStamp'][()].ravel() / 1e6
        fs_eeg = float(f['Recording'].attrs['SamplingRate']); per_s = (len(te) - 1) / (te[-1] - te[0])
        def axis(x):   # s on the EEG's samples: the fractional EEG row at that time (extrapolated beyond the ends) / rate
            x = np.asarray(x, float); r = np.interp(x, te, np.arange(len(te)))
            r = np.where(x < te[0], (x - te[0]) * per_s, np.where(x > te[-1], len(te) - 1 + (x - te[-1]) * per_s, r))
            return r / fs_eeg
        ses = glob.glob(root + '/sub-*/ses-*')[0]
        streams = []
        for name in sorted(f['Streams']):
            g = f['Streams/' + name]; kind = g.attrs['Kind']
            kind = kind.decode() if isinstance(kind, bytes) else kind
            if kind not in ('ppg', 'accelerometer', 'gyroscope'): continue
            d = g['Data'][()]; d = d.reshape(len(d), -1); t = g['TimeStamp'][()].ravel() / 1e6
            lost = np.isnan(d).all(axis=1)
            out = {'name': name, 'kind': kind, 'rows': int(len(d)), 'lost_rows': int(lost.sum()), 'channel_types': [], 'channel_units': [],
                   'components': [], 'latency_error_s': 0.0, 'gz_ratio': 0.0}
            if kind == 'ppg':
                base = glob.glob(ses + '/eeg/*_recording-' + name + '_physio.tsv.gz')[0][:-7]
                side = json.load(open(base + '.json'))
                x = pd.read_csv(base + '.tsv.gz', sep='\\t', header=None, na_values='n/a').to_numpy()
                out.update(tsv_rows=int(len(x)), same_values=bool(x.shape == d.shape and np.array_equal(np.isnan(x), np.isnan(d)) and np.allclose(x[~lost], d[~lost], rtol=1e-12, atol=0)),
                           start_error_s=float(abs(side['StartTime'] - axis(t[0]))), rate=float(side['SamplingFrequency']), columns=side['Columns'],
                           sidecar={k: v for k, v in side.items() if not isinstance(v, (list, dict))} | {'LO_730': side.get('LO_730', {}).get('Wavelength', 0)})
                out['na_rows_at_lost'] = bool(np.isnan(x[lost]).all())
                out['gz_ratio'] = os.path.getsize(base + '.tsv.gz') / len(gzip.open(base + '.tsv.gz', 'rb').read())
            else:
                base = glob.glob(ses + '/motion/*_tracksys-' + name + '_run-1_motion.tsv')[0][:-4]
                side = json.load(open(base + '.json'))
                ch = pd.read_csv(base[:-7] + '_channels.tsv', sep='\\t', keep_default_na=False)
                x = pd.read_csv(base + '.tsv', sep='\\t', header=None, na_values='n/a').to_numpy()
                factor = 9.80665 if kind == 'accelerometer' else np.pi / 180
                v = x[:, :3] / factor
                out.update(tsv_rows=int(len(x)), same_values=bool(v.shape == d.shape and np.array_equal(np.isnan(v), np.isnan(d)) and np.allclose(v[~lost], d[~lost], rtol=1e-8, atol=1e-9)),
                           start_error_s=float(abs(x[0, 3] - axis(t[0]))), rate=float(side['SamplingFrequency']), columns=list(ch['name']),
                           sidecar={k: v for k, v in side.items() if not isinstance(v, (list, dict))}, channel_types=list(ch['type']),
                           channel_units=list(ch['units']), components=list(ch['component']), latency_error_s=float(np.max(np.abs(x[:, 3] - axis(t)))))
                out['na_rows_at_lost'] = bool(np.isnan(x[lost, :3]).all() and np.isfinite(x[:, 3]).all())
            streams.append(out)
        path = glob.glob(ses + '/eeg/*_eeg.edf')[0]
        raw = mne_bids.read_raw_bids(mne_bids.get_bids_path_from_fname(path), verbose='error')
        e = f['Recording/Data'][()]; x = raw.get_data().T * 1e6
        ok = ~np.isnan(e).any(axis=1)
        print(json.dumps({'streams': streams, 'eeg_channels': raw.ch_names, 'eeg_rows': int(raw.n_times), 'h5_rows': int(len(e)),
                          'eeg_max_error_uv': float(np.max(np.abs(x[ok] - e[ok])))}))
        """

    /// Records `seconds` from `headband` (`record` arguments `extra`), exports BIDS and returns the
    /// validator's errors and the read-back.
    static func recordAndExport(_ headband: MuseCLITests.Headband, extra: [String], folder: String) throws -> (
        errors: [String], warnings: Set<String>, back: ReadBack
    ) {
        let dir = try TemporaryDirectory(folder)
        let data = dir.path("data")
        let recorded = try CLI.run(
            ["record", "--source", "muse", "--device", headband.device, "--speed", "20", "--duration", "10s", "--data", data.path, "--json"] + extra)
        #expect(recorded.status == 0, "\(recorded.stderr)")
        let item = try JSONDecoder().decode(MuseCLITests.StoredItem.self, from: Data(recorded.stdout.utf8))
        let out = dir.path("bids")
        let exported = try CLI.run(["export", item.path, "--data", data.path, "--format", "bids", "--include-simulated", "--out", out.path])
        #expect(exported.status == 0, "\(exported.stderr)")
        // The dataset's README says where each stream went, not only the EEG.
        let readme = try String(contentsOf: out.appendingPathComponent("README"), encoding: .utf8)
        #expect(readme.contains("_physio.tsv.gz") && readme.contains("_motion.tsv") && readme.contains("derivatives/heartrate"))
        let validator = ProjectPaths.root.appendingPathComponent(".venv/bin/bids-validator-deno")
        let result = try ProcessRunner.run(validator, ["--format", "json", out.path])
        let report = try JSONDecoder().decode(Validation.self, from: Data(result.stdout.utf8))
        let errors = report.issues.issues.filter { $0.severity == "error" }.map { "\($0.code) \($0.location ?? "")" }
        let warnings = Set(report.issues.issues.filter { $0.severity == "warning" }.map { issue in issue.subCode.map { "\(issue.code)/\($0)" } ?? issue.code })
        let back = try PythonTool.json(ReadBack.self, script: readBack, arguments: [data.appendingPathComponent(item.path).path, out.path])
        return (errors, warnings, back)
    }

    struct Validation: Decodable {
        struct Issues: Decodable {
            struct Issue: Decodable { var severity: String; var code: String; var subCode: String?; var location: String? }
            var issues: [Issue]
        }
        var issues: Issues
    }

    /// The warnings the streams' files could cause and avoid: none of them may appear.
    static let avoidable: Set<String> = [
        "SIDECAR_KEY_RECOMMENDED/PhysioType", "SIDECAR_KEY_RECOMMENDED/TaskName", "SIDECAR_KEY_RECOMMENDED/DeviceSerialNumber",
        "SIDECAR_KEY_RECOMMENDED/SoftwareVersions", "SIDECAR_KEY_RECOMMENDED/ACCELChannelCount", "SIDECAR_KEY_RECOMMENDED/GYROChannelCount",
        "SIDECAR_KEY_RECOMMENDED/ANGACCELChannelCount", "SIDECAR_KEY_RECOMMENDED/MAGNChannelCount", "SIDECAR_KEY_RECOMMENDED/POSChannelCount",
        "SIDECAR_KEY_RECOMMENDED/VELChannelCount", "SIDECAR_KEY_RECOMMENDED/ORNTChannelCount", "SIDECAR_KEY_RECOMMENDED/JNTANGChannelCount",
        "SIDECAR_KEY_RECOMMENDED/MISCChannelCount",
    ]

    static func checkCommon(_ back: ReadBack, channels: [String]) {
        #expect(back.eeg_channels == channels && back.eeg_rows == back.h5_rows, "mne-bids reads the EEG as before")
        #expect(back.eeg_max_error_uv < 0.5, "EEG within half an EDF step: \(back.eeg_max_error_uv) µV")
        for s in back.streams {
            #expect(s.tsv_rows == s.rows && s.same_values, "\(s.name): the stored rows one for one")
            #expect(s.na_rows_at_lost, "\(s.name): lost rows are n/a at their place")
            #expect(s.start_error_s < 2e-6, "\(s.name): StartTime/latency against the EEG's first sample, off by \(s.start_error_s) s")
            #expect(s.latency_error_s < 2e-6, "\(s.name): each row's latency is its stored time")
        }
        for s in back.streams where s.kind == "ppg" {
            #expect(s.gz_ratio < 0.5, "\(s.name): the physio .tsv.gz is deflated (\(s.gz_ratio) of its text)")
        }
        for s in back.streams where s.kind != "ppg" {
            let type = s.kind == "accelerometer" ? "ACCEL" : "GYRO"
            #expect(s.channel_types == [type, type, type, "LATENCY"] && s.components == ["x", "y", "z", "n/a"])
            let unit = s.kind == "accelerometer" ? "m/s^2" : "rad/s"
            #expect(s.channel_units == [unit, unit, unit, "s"])
        }
    }

    /// The Muse S Athena (the real p1041 capture, two data notifications lost): 16 optics channels as
    /// a physio file with wavelengths and the provisional note, accelerometer and gyroscope as motion.
    @Test func anAthenaRecordingsOpticsAndMotionAreBIDS() throws {
        let capture = ProjectPaths.root.appendingPathComponent("Tests/Fixtures/athena/data_p1041.txt").path
        let headband = try MuseCLITests.Headband(["--replay", capture, "--drop-blocks", "300", "301"], speed: 20)
        let (errors, warnings, back) = try Self.recordAndExport(headband, extra: [], folder: "cli-bids-athena")
        #expect(errors.isEmpty, "validator errors: \(errors)")
        #expect(warnings.isDisjoint(with: Self.avoidable), "avoidable validator warnings: \(warnings.intersection(Self.avoidable))")
        Self.checkCommon(back, channels: ["TP9", "AF7", "AF8", "TP10", "AUX_1", "AUX_2", "AUX_3", "AUX_4"])
        #expect(Set(back.streams.map(\.name)) == ["optics", "accelerometer", "gyroscope"])
        let optics = try #require(back.streams.first { $0.name == "optics" })
        #expect(optics.columns.count == 16 && optics.columns.first == "LO_730" && optics.columns.contains("RO_AMB"))
        #expect(optics.sidecar["ChannelLabelsNote"]?.text?.hasPrefix("Provisional") == true)
        #expect(optics.sidecar["LO_730"]?.number == 730)
        #expect(abs(optics.rate - 64) < 1, "optics at about 64 Hz on the EEG's samples (recorded at 20x speed): \(optics.rate)")
        #expect(back.streams.contains { $0.lost_rows > 0 }, "the lost notifications left n/a rows")
    }

    /// The classic Muse with preset p50 (an EEG block lost): the PPG stream as a physio file,
    /// accelerometer and gyroscope as motion.
    @Test func aClassicRecordingsPPGAndMotionAreBIDS() throws {
        let headband = try MuseCLITests.Headband(["--drop-blocks", "30"], speed: 20)
        let (errors, warnings, back) = try Self.recordAndExport(headband, extra: ["--preset", "p50"], folder: "cli-bids-classic")
        #expect(errors.isEmpty, "validator errors: \(errors)")
        #expect(warnings.isDisjoint(with: Self.avoidable), "avoidable validator warnings: \(warnings.intersection(Self.avoidable))")
        Self.checkCommon(back, channels: ["TP9", "AF7", "AF8", "TP10", "AUX_R"])
        #expect(Set(back.streams.map(\.name)) == ["ppg", "accelerometer", "gyroscope"])
        let ppg = try #require(back.streams.first { $0.name == "ppg" })
        #expect(ppg.columns == ["infrared"] && abs(ppg.rate - 64) < 1 && ppg.rows > 600)
    }
}
