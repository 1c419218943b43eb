import Foundation
import TestSupport
import Testing

/// Heart rate from a headband's PPG or optics, end to end: `record` stores beats, heart rate, pulse
/// quality and the block's RMSSD with the method in `/Quality`; the report shows it. On the real
/// Muse S Athena captures our beats are compared with neurokit2's on the same channel (ambient
/// subtracted, as stored): the figures are in docs/processing.md ("Heart rate").
@Suite(.tags(.process, .server, .python))
struct HeartRateCLITests {
    struct Stored: Decodable {
        var method: String; var stream: String; var beats: Int; var accepted: Int; var mean_bpm: Double?; var rmssd: Double?
        var usable: Double; var channel: String?; var ambient: String?; var median_bpm: Double?
        var quality_columns: [String]
        /// neurokit2 on the chosen channel: its beats matched by ours within 100 ms, and the median
        /// absolute heart-rate error of our accepted intervals against its intervals.
        var nk_beats: Int; var matched: Double; var mae: Double?
    }

    static let readBack = """
        import json, sys, warnings, h5py, numpy as np, neurokit2 as nk
        warnings.simplefilter('ignore')
        f = h5py.File(sys.argv[1], 'r'); q = f['Quality']
        cols = lambda n: [c.decode() if isinstance(c, bytes) else c for c in q[n].attrs['columns']]
        s = dict(zip(cols('HeartRateSummary'), q['HeartRateSummary'][0]))
        name = q.attrs['HeartRateStream']; name = name.decode() if isinstance(name, bytes) else name
        method = q.attrs['HeartRateMethod']; method = method.decode() if isinstance(method, bytes) else method
        g = f['Streams/' + name]; labels = [c.decode() if isinstance(c, bytes) else c for c in g.attrs['ChannelNames']]
        d = g['Data'][()].reshape(len(g['Data']), -1); t = g['TimeStamp'][()].ravel() / 1e6
        ch = None if np.isnan(s['Channel']) else int(s['Channel']); amb = None if np.isnan(s['AmbientChannel']) else int(s['AmbientChannel'])
        beats = q['HeartBeatTime'][()] if 'HeartBeat' in q else np.array([])
        hb = q['HeartBeat'][()] if 'HeartBeat' in q else np.zeros((0, 3))
        rate = q['HeartRate'][()].ravel() if 'HeartRate' in q else np.array([])
        out = {'method': method, 'stream': name, 'beats': int(s['Beats']), 'accepted': int(s['Accepted']),
               'mean_bpm': None if np.isnan(s['MeanBPM']) else float(s['MeanBPM']), 'rmssd': None if np.isnan(s['RMSSD']) else float(s['RMSSD']),
               'usable': float(s['UsableShare']), 'channel': None if ch is None else labels[ch], 'ambient': None if amb is None else labels[amb],
               'median_bpm': float(np.median(rate)) if len(rate) else None, 'quality_columns': cols('PulseQuality'),
               'nk_beats': 0, 'matched': 0.0, 'mae': None}
        if ch is not None:
            # Sample positions (the recording may be faster than real time: its times are the host's).
            w = -(d[:, ch] - (d[:, amb] if amb is not None else 0))
            ok = np.isfinite(w)
            w = np.interp(np.arange(len(w)), np.nonzero(ok)[0], w[ok])          # lost rows bridged for neurokit2 only
            fs = float(g.attrs['SamplingRate'])
            ref = nk.ppg_findpeaks(nk.ppg_clean(w, sampling_rate=fs), sampling_rate=fs)['PPG_Peaks'].astype(float)
            ours = np.interp(beats, t, np.arange(len(t)))
            inside = ref[(ref > 2 * fs) & (ref < len(t) - 2 * fs)]
            out['nk_beats'] = int(len(inside))
            out['matched'] = float(np.mean([np.min(np.abs(ours - r)) <= 0.1 * fs for r in inside])) if len(inside) and len(ours) else 0.0
            errs = []
            for p, row in zip(ours, hb):
                if row[1] != 1: continue
                k = np.searchsorted(ref, p - 0.1 * fs)
                if 0 < k < len(ref): errs.append(abs(60 / row[0] - 60 * fs / (ref[k] - ref[k - 1])))
            out['mae'] = float(np.median(errs)) if errs else None
        print(json.dumps(out))
        """

    static func record(_ headband: MuseCLITests.Headband, seconds: Int, extra: [String] = [], folder: String) throws -> (Stored, TemporaryDirectory, String) {
        let dir = try TemporaryDirectory(folder)
        let data = dir.path("data")
        let recorded = try CLI.run(
            ["record", "--source", "muse", "--device", headband.device, "--speed", "20", "--duration", "\(seconds)s", "--data", data.path, "--json"]
                + extra)
        #expect(recorded.status == 0, "\(recorded.stderr)")
        let item = try JSONDecoder().decode(MuseCLITests.StoredItem.self, from: Data(recorded.stdout.utf8))
        let stored = try PythonTool.json(Stored.self, script: readBack, arguments: [data.appendingPathComponent(item.path).path])
        return (stored, dir, item.path)
    }

    /// The classic Muse with p50: the simulated headband's pulse is 1.2 Hz (72 bpm); the report shows
    /// the heart-rate chart with the block's mean and RMSSD.
    @Test func theClassicPPGGivesTheSimulatedHeartRate() throws {
        let headband = try MuseCLITests.Headband([], speed: 20)
        let (stored, dir, path) = try Self.record(headband, seconds: 30, extra: ["--preset", "p50"], folder: "cli-hr-classic")
        #expect(stored.stream == "ppg" && stored.channel == "infrared" && stored.ambient == nil)
        #expect(stored.method.contains("Elgendi") && stored.quality_columns == ["infrared", "infrared/condition"])
        #expect(abs((stored.median_bpm ?? 0) - 72) < 1 && abs((stored.mean_bpm ?? 0) - 72) < 1, "\(stored)")
        #expect(stored.beats >= 30 && stored.accepted >= stored.beats - 3 && stored.usable == 1)
        #expect(stored.matched >= 0.95 && (stored.mae ?? 99) < 1, "against neurokit2: \(stored)")
        let report = dir.path("report.html")
        let reported = try CLI.run(["report", path, "--data", dir.path("data").path, "--out", report.path])
        #expect(reported.status == 0, "\(reported.stderr)")
        let html = try String(contentsOf: report, encoding: .utf8)
        let figure = html.range(of: "<figure class=\"fig-heartrate\"").map { String(html[$0.lowerBound...].prefix(20_000)) } ?? ""
        let caption = figure.range(of: "<figcaption>").map { String(figure[$0.upperBound...].prefix(while: { $0 != "<" })) } ?? ""
        #expect(caption.contains("channel infrared") && caption.contains("RMSSD"), "the heart-rate figure's caption: \(caption)")
        #expect(caption.contains("mean 72"), "\(caption)")
        // The line spans the recording's 30 s of signal (recorded at 20x speed: its clock times are
        // the host's), like the other charts: its last point near the plot's right edge.
        let line = figure.range(of: "<path d=\"").map { String(figure[$0.upperBound...].prefix(while: { $0 != "\"" })) } ?? ""
        let xs = line.split(whereSeparator: { $0 == "M" || $0 == "L" }).compactMap { Double($0.split(separator: " ").first ?? "") }
        #expect(xs.count > 25 && (xs.max() ?? 0) > 800 && (xs.min() ?? 999) < 120, "x from \(xs.min() ?? 0) to \(xs.max() ?? 0)")
    }

    /// The real Muse S Athena captures: beats where a pulse is usable, compared with neurokit2 on the
    /// channel our index chose; printed for docs/processing.md.
    @Test(arguments: ["data_p1035.txt", "data_p1034.txt", "data_p1041.txt"])
    func theAthenaCapturesAgainstNeurokit2(_ file: String) throws {
        let capture = ProjectPaths.root.appendingPathComponent("Tests/Fixtures/athena/\(file)").path
        let headband = try MuseCLITests.Headband(["--replay", capture], speed: 20)
        let (stored, _, _) = try Self.record(headband, seconds: 55, folder: "cli-hr-athena")
        print("heart rate \(file): channel \(stored.channel ?? "none") ambient \(stored.ambient ?? "none") usable \(stored.usable) beats \(stored.beats) accepted \(stored.accepted) mean \(stored.mean_bpm ?? .nan) rmssd \(stored.rmssd ?? .nan) nk beats \(stored.nk_beats) matched \(stored.matched) mae \(stored.mae ?? .nan)")
        #expect(stored.stream == "optics" && stored.method.contains("ambient"))
        #expect(stored.quality_columns.count % 2 == 0 && stored.quality_columns.count >= 8)
        if stored.usable >= 0.5 {
            #expect(stored.matched >= 0.9, "\(file): \(stored)")
            #expect((stored.mae ?? 99) <= 3, "\(file): \(stored)")
        }
    }
}
