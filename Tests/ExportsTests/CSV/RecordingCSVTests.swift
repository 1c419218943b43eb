import DataSources
import Foundation
import Storage
import TestSupport
import Testing

@testable import Exports

/// The CSV export is read with Python's csv module and compared with the recording read by h5py.
@Suite(.tags(.python))
struct RecordingCSVTests {
    static let compare = """
        import sys, csv, json, math, h5py, numpy as np
        f = h5py.File(sys.argv[1], 'r'); folder = sys.argv[2]
        def rows(name):
            with open(f'{folder}/{name}', encoding='utf-8', newline='') as fh:
                r = list(csv.reader(fh)); return r[0], r[1:]
        head, eeg = rows('eeg.csv')
        data = f['Recording/Data'][()]
        vals = np.array([[float(x) for x in row[2:2 + data.shape[1]]] for row in eeg])
        same = bool(np.array_equal(vals, data, equal_nan=True))
        ts = f['Recording/TimeStamp'][()].ravel() / 1e6
        times_ok = bool(np.abs(np.array([float(r[0]) for r in eeg]) - ts).max() < 1e-6)
        pairs = [k for k, name in enumerate(head) if name.startswith('marker_code')]
        markers = [[int(r[1]), int(r[k]), r[k + 1]] for r in eeg for k in pairs if r[k] != '0']
        ehead, events = rows('events.csv')
        q = f['Quality']
        bhead, alpha = rows('bandpower_absolute_alpha.csv')
        cols = list(q['BandPowerAbsolute'].attrs['columns'])
        src = q['BandPowerAbsolute'][()]
        mism = 0
        for i, row in enumerate(alpha):
            for k, ch in enumerate(['TP9', 'AF7', 'AF8', 'TP10']):
                v = float(row[1 + k]); s = src[i, cols.index(ch + '/alpha')]
                if ch == 'AF8' and not math.isnan(s): ok = math.isnan(v) and 'AF8: bad signal (grade 4)' in row[-1]
                elif math.isnan(s): ok = math.isnan(v) and f'{ch}: ' in row[-1]
                else: ok = v == s
                mism += 0 if ok else 1
        ghead, grade = rows('quality_grade.csv')
        vhead, verdict = rows('verdict.csv')
        print(json.dumps({'eeg_header': head, 'same': same, 'times_ok': times_ok, 'markers': markers, 'events_header': ehead,
                          'events': [[e[4], e[5], e[3]] for e in events], 'source_events': len(f['Events/Code']),
                          'alpha_header': bhead, 'alpha_rows': len(alpha), 'source_rows': int(src.shape[0]), 'mismatches': mism,
                          'first_reason': alpha[0][-1], 'grade_header': ghead, 'grade_first_reason': grade[0][-1],
                          'verdict_header': vhead, 'verdict': verdict[0][3]}))
        """

    struct Result: Decodable {
        var eeg_header: [String]; var same: Bool; var times_ok: Bool; var markers: [[Value]]; var events_header: [String]
        var events: [[String]]; var source_events: Int; var alpha_header: [String]; var alpha_rows: Int; var source_rows: Int
        var mismatches: Int; var first_reason: String; var grade_header: [String]; var grade_first_reason: String
        var verdict_header: [String]; var verdict: String
    }

    enum Value: Decodable, Equatable {
        case number(Int)
        case text(String)
        init(from decoder: any Decoder) throws {
            let c = try decoder.singleValueContainer()
            if let i = try? c.decode(Int.self) { self = .number(i) } else { self = .text(try c.decode(String.self)) }
        }
    }

    @Test func eegEventsAndEveryMetricMatchTheRecording() throws {
        let fixture = try ExportFixture("csv", seconds: 30, dropouts: 4)
        let exporter = try fixture.exporter(.csv)
        let exported = try exporter.export(fixture.item)
        _ = try exporter.finish()
        let folder = fixture.out.appendingPathComponent("r_rest_1_1_1_\(RecordingFixture.participant)")
        #expect(exported.files.contains("r_rest_1_1_1_\(RecordingFixture.participant)/eeg.csv"))
        #expect(
            Set(exported.files.map { String($0.split(separator: "/").last ?? "") }).isSuperset(of: [
                "eeg.csv", "events.csv", "verdict.csv", "quality_grade.csv", "bandpower_absolute_delta.csv", "bandpower_absolute_gamma.csv",
            ]))
        let r = try PythonTool.json(Result.self, script: Self.compare, arguments: [fixture.store.url(of: fixture.item.path).path, folder.path])
        #expect(r.eeg_header == ["time_utc_s", "sample", "TP9_uV", "AF7_uV", "AF8_uV", "TP10_uV", "marker_code", "marker_label"])
        #expect(r.same, "every value, NaN where samples were lost, reads back exactly")
        #expect(r.times_ok)
        // Every event is on its sample in eeg.csv (the study markers and the recorder's own, e.g. gaps).
        #expect(
            r.markers.filter { if case .number(let code) = $0[1] { code > 0 } else { false } } == [
                [.number(512), .number(310), .text("EyesOpen/baseline")], [.number(1280), .number(320), .text("EyesOpen/task Ünïcode ✓")],
                [.number(3200), .number(420), .text("EyesClosed/task")], [.number(7679), .number(900), .text("goodbye")],
            ])
        #expect(r.markers.count == r.source_events, "\(r.markers.count) events in eeg.csv, \(r.source_events) stored")
        #expect(r.events_header == ["sample", "time_utc_s", "onset_s", "duration_s", "code", "label"])
        #expect(r.events.count == r.source_events && r.events.contains { $0[0] == "-1" && Double($0[2]) ?? 0 > 0 })
        #expect(r.alpha_header == ["time_utc_s", "TP9_uV2", "AF7_uV2", "AF8_uV2", "TP10_uV2", "reason"])
        #expect(r.alpha_rows == r.source_rows && r.alpha_rows > 0)
        #expect(r.mismatches == 0, "band power equals /Quality, NaN with a reason where not computable or graded bad")
        #expect(r.first_reason.contains("warming up"))
        #expect(r.grade_header == ["time_utc_s", "TP9_grade", "AF7_grade", "AF8_grade", "TP10_grade", "reason"])
        #expect(r.grade_first_reason.contains("warming up"))
        #expect(r.verdict_header == ["start_utc_s", "end_utc_s", "duration_s", "verdict", "reason"] && !r.verdict.isEmpty)
    }

    /// Events that share a sample are all in eeg.csv, the further ones in `marker_code_2`, … (before,
    /// eeg.csv kept one per sample and dropped the rest).
    @Test func eventsSharingASampleAreAllInTheEEGFile() throws {
        let dir = try TemporaryDirectory("csv-shared-sample")
        let source = OscillatorConfiguration(seed: 5).descriptor
        let url = dir.path("r.h5")
        let writer = try RecordingWriter(url: url, metadata: RecordingMetadata(participant: "p", source: source))
        var generator = OscillatorGenerator(configuration: .init(seed: 5, startTime: 100))
        try writer.append(generator.next(256)[0])
        try writer.addEvent(code: 910, label: "welcome/prompt")
        try writer.addEvent(code: 920, label: "welcome/fixation")
        try writer.addEvent(code: 930, label: "goodbye/prompt")
        try writer.append(generator.next(256)[0])
        try writer.finish(.complete)
        writer.removeJournal()
        let out = try ExportDestination(folder: dir.path("out"), dataFolder: dir.path("data"))
        _ = try RecordingCSV(reader: try RecordingReader(url: url)).export(to: out, folder: "r")
        let text = try String(contentsOf: out.folder.appendingPathComponent("r/eeg.csv"), encoding: .utf8)
        let lines = text.split(separator: "\n")
        #expect(
            lines.first?.hasSuffix("marker_code,marker_label,marker_code_2,marker_label_2,marker_code_3,marker_label_3") == true,
            "\(lines.first ?? "")")
        let marked = lines.dropFirst().filter { !$0.hasSuffix(",0,,0,,0,") }
        #expect(marked.count == 1 && marked.first?.hasSuffix(",910,welcome/prompt,920,welcome/fixation,930,goodbye/prompt") == true, "\(marked)")
        #expect(marked.first?.split(separator: ",")[1] == "256")
    }

    @Test func fieldsAreQuotedOnlyWhenTheyMustBe() {
        #expect(CSVTable.escape("a,b") == "\"a,b\"")
        #expect(CSVTable.escape("say \"hi\"") == "\"say \"\"hi\"\"\"")
        #expect(CSVTable.escape("Ünï ✓") == "Ünï ✓")
        #expect(CSVTable.number(.nan) == "NaN" && CSVTable.number(0.1) == "0.1")
        #expect(
            CSVTable.time(1_700_000_000.25) == "1700000000.250000" && CSVTable.time(0.000_001) == "0.000001" && CSVTable.time(-1.5) == "-1.500000")
    }
}

/// A headband's auxiliary streams become one CSV file each, with their units in the header.
@Suite(.tags(.python))
struct StreamCSVTests {
    @Test func accelerometerSamplesAreWrittenWithTheirUnit() throws {
        let dir = try TemporaryDirectory("csv-streams")
        var source = OscillatorConfiguration(seed: 3).descriptor
        source.streams.append(
            StreamDescriptor(name: "accelerometer", kind: .accelerometer, channelLabels: ["x", "y", "z"], unit: "g", samplingRate: 52))
        let url = dir.path("r.h5")
        let writer = try RecordingWriter(url: url, metadata: RecordingMetadata(participant: "p", source: source))
        var generator = OscillatorGenerator(configuration: .init(seed: 3, startTime: 100))
        try writer.append(generator.next(256)[0])
        let values: [Double] = [0.0, 0.5, -1.0, 0.01, 0.51, -0.99]
        try writer.append(SampleBlock(stream: "accelerometer", firstIndex: 0, channelCount: 3, values: values, times: [100, 100 + 1 / 52.0]))
        try writer.finish(.complete)
        writer.removeJournal()
        let out = try ExportDestination(folder: dir.path("out"), dataFolder: dir.path("data"))
        let files = try RecordingCSV(reader: try RecordingReader(url: url)).export(to: out, folder: "r")
        #expect(files.contains("r/stream_accelerometer.csv"))
        let text = try String(contentsOf: out.folder.appendingPathComponent("r/stream_accelerometer.csv"), encoding: .utf8)
        #expect(text == "time_utc_s,x_g,y_g,z_g\n100.000000,0.0,0.5,-1.0\n100.019231,0.01,0.51,-0.99\n")
        #expect(RecordingCSV.streamUnits("%, mV, counts, C", count: 4) == ["percent", "mV", "counts", "C"])
        #expect(RecordingCSV.streamUnits("deg/s", count: 3) == ["deg_per_s", "deg_per_s", "deg_per_s"])
    }

    /// A recording with times on LSL's clock (`--clock lsl`) gets `time_lsl_s` after `time_utc_s` in
    /// `eeg.csv` and `events.csv`, equal to the stored `/Recording/LSLTimeStamp` and `/Events/LSLTime`;
    /// one without has no such column (the other tests' headers).
    @Test func lslTimesGetAColumnWhenStored() throws {
        let dir = try TemporaryDirectory("csv-lsl")
        let mapping = LSLClockMapping { 5000.125 }
        let url = try RecordingFixture.make(in: dir, seconds: 4, lslClock: mapping)
        let out = dir.path("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        _ = try RecordingCSV(reader: RecordingReader(url: url)).export(
            to: try ExportDestination(folder: out, dataFolder: dir.path("data")), folder: "r")
        let check = try PythonTool.run(
            script: """
                import sys, csv, h5py, numpy as np
                f = h5py.File(sys.argv[1], 'r'); folder = sys.argv[2]
                def rows(name):
                    with open(f'{folder}/{name}', encoding='utf-8', newline='') as fh:
                        r = list(csv.reader(fh)); return r[0], r[1:]
                head, eeg = rows('eeg.csv'); ehead, events = rows('events.csv')
                lsl = f['Recording/LSLTimeStamp'][()].ravel(); el = f['Events/LSLTime'][()]
                ok = head[:3] == ['time_utc_s', 'time_lsl_s', 'sample'] and ehead[:3] == ['sample', 'time_utc_s', 'time_lsl_s']
                ok = ok and len(eeg) == len(lsl) and np.abs(np.array([float(r[1]) for r in eeg]) - lsl).max() < 1e-6
                ok = ok and len(events) == len(el) and np.abs(np.array([float(r[2]) for r in events]) - el).max() < 1e-6
                print('ok' if ok else f'{head[:3]} {ehead[:3]}')
                """, arguments: [url.path, out.appendingPathComponent("r").path])
        #expect(check.trimmingCharacters(in: .whitespacesAndNewlines) == "ok")
    }
}
