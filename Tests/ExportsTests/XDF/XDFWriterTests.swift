import DataSources
import Foundation
import Storage
import TestSupport
import Testing

@testable import Exports

/// `export --format xdf` read back with pyxdf (the reference reader): every stream with its values
/// exactly (NaN where samples were lost), every sample at its stored time on LSL's clock, every event
/// as a marker, the quality grades, footers and clock offsets as LabRecorder writes them; pyxdf's
/// default load (clock synchronisation, dejittering) takes the file too.
@Suite(.tags(.python))
struct XDFWriterTests {
    struct Read: Decodable {
        var names: [String]
        var types: [String]
        var formats: [String]
        var eeg_equal: Bool
        var eeg_labels: [String]
        var eeg_unit: String
        var eeg_srate: Double
        var eeg_max_time_error: Double
        var markers: [String]
        var event_labels: [String]
        var marker_max_time_error: Double
        var quality_equal: Bool
        var footer_counts: [Int]
        var sample_counts: [Int]
        var offsets: [Int]
        var default_load_streams: Int
        var datetime: String
        var datetime_error: Double
        var datetime_mnelab_error: Double
    }

    static let read = """
        import sys, json, numpy as np, h5py, pyxdf
        from datetime import datetime
        xdf, h5 = sys.argv[1], sys.argv[2]
        streams, header = pyxdf.load_xdf(xdf, dejitter_timestamps=False)
        when = header['info']['datetime'][0]
        f = h5py.File(h5, 'r'); r = f['Recording']
        ts = r['TimeStamp'][()].ravel() / 1e6
        if 'LSLClock' in f:
            rc = f['LSLClock/RecordingClock'][()]; lc = f['LSLClock/LSLClock'][()]
            def lsl(t):
                k = np.clip(np.searchsorted(rc, t, side='right') - 1, 0, len(rc) - 1)
                return t + (lc[k] - rc[k])
        elif 'ClockAnchorMonotonic' in r.attrs:
            def lsl(t): return r.attrs['ClockAnchorMonotonic'] + (t - r.attrs['ClockAnchorUTC'])
        else:
            def lsl(t): return t
        by = {s['info']['type'][0]: s for s in streams}
        eeg = by['EEG']; ch = eeg['info']['desc'][0]['channels'][0]['channel']
        mk = by['Markers']; ev_t = f['Events/Time'][()]; ev_l = list(f['Events/Label'].asstr()[()]); ev_c = f['Events/Code'][()].tolist()
        q = f['Quality'] if 'Quality' in f else None
        default, _ = pyxdf.load_xdf(xdf)
        print(json.dumps({
          'names': [s['info']['name'][0] for s in streams], 'types': [s['info']['type'][0] for s in streams],
          'formats': [s['info']['channel_format'][0] for s in streams],
          'eeg_equal': bool(np.array_equal(eeg['time_series'], r['Data'][()], equal_nan=True)),
          'eeg_labels': [c['label'][0] for c in ch], 'eeg_unit': ch[0]['unit'][0], 'eeg_srate': float(eeg['info']['nominal_srate'][0]),
          'eeg_max_time_error': float(np.abs(eeg['time_stamps'] - lsl(ts)).max()),
          'markers': [m[0] for m in mk['time_series']], 'event_labels': [l if l else str(c) for l, c in zip(ev_l, ev_c)],
          'marker_max_time_error': float(np.abs(mk['time_stamps'] - lsl(ev_t)).max()),
          'quality_equal': bool(np.array_equal(by['Quality']['time_series'], q['Grade'][()], equal_nan=True)) if 'Quality' in f else False,
          'footer_counts': [int(s['footer']['info']['sample_count'][0]) for s in streams],
          'sample_counts': [len(s['time_stamps']) for s in streams],
          'offsets': [len(s['clock_times']) for s in streams],
          'default_load_streams': len(default),
          # LabRecorder's form, read as its readers do: strptime with %z, and mnelab's read_raw_xdf
          # (which makes +HHMM +HH:MM for fromisoformat).
          'datetime': when,
          'datetime_error': abs(datetime.strptime(when, '%Y-%m-%dT%H:%M:%S%z').timestamp() - r.attrs.get('ClockAnchorUTC', ts[0])),
          'datetime_mnelab_error': abs(datetime.fromisoformat(when[:-2] + ':' + when[-2:]).timestamp() - r.attrs.get('ClockAnchorUTC', ts[0]))}))
        """

    static func check(_ fixtureURL: URL, _ xdf: URL) throws -> Read {
        try PythonTool.json(Read.self, script: Self.read, arguments: [xdf.path, fixtureURL.path])
    }

    @Test func everyStreamSampleAndEventReadsBackWithPyxdf() throws {
        let fixture = try ExportFixture("xdf", seconds: 30, dropouts: 4)
        let exporter = try fixture.exporter(.xdf)
        let exported = try exporter.export(fixture.item)
        _ = try exporter.finish()
        let name = "r_rest_1_1_1_\(RecordingFixture.participant).xdf"
        #expect(exported.files == [name])
        let r = try Self.check(fixture.store.url(of: fixture.item.path), fixture.out.appendingPathComponent(name))
        #expect(r.types == ["EEG", "Markers", "Quality"], "\(r.names)")
        #expect(r.formats == ["double64", "string", "double64"])
        #expect(r.eeg_equal, "every value, NaN where samples were lost")
        #expect(r.eeg_labels == ["TP9", "AF7", "AF8", "TP10"] && r.eeg_unit == "microvolts" && r.eeg_srate == 256)
        #expect(r.eeg_max_time_error < 1e-6, "\(r.eeg_max_time_error) s")
        #expect(r.markers == r.event_labels && !r.markers.isEmpty)
        #expect(r.marker_max_time_error < 1e-6)
        #expect(r.quality_equal)
        #expect(r.footer_counts == r.sample_counts)
        // 30 s: offsets at 0, 5, … 30 s, for every stream.
        #expect(r.offsets.allSatisfy { $0 >= 6 }, "\(r.offsets)")
        #expect(r.default_load_streams == 3)
        // The file header's time as LabRecorder writes it: UTC as +0000, read by mnelab as by strptime.
        #expect(r.datetime.hasSuffix("+0000") && r.datetime.count == 24, "\(r.datetime)")
        #expect(r.datetime_error < 1 && r.datetime_mnelab_error < 1)
    }

    /// With `--clock lsl` the file's times are the stored LSL-clock times (through `/LSLClock`).
    @Test func aRecordingOnLSLsClockKeepsItsLSLTimes() throws {
        let dir = try TemporaryDirectory("xdf-lsl")
        let mapping = LSLClockMapping { 5000.125 }
        let url = try RecordingFixture.make(in: dir, seconds: 4, lslClock: mapping)
        let out = dir.path("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let destination = try ExportDestination(folder: out, dataFolder: dir.path("data"))
        _ = try destination.write("r.xdf") { try XDFWriter().write(try RecordingReader(url: url), to: $0) }
        let r = try Self.check(url, out.appendingPathComponent("r.xdf"))
        #expect(r.eeg_equal && r.eeg_max_time_error < 1e-6, "\(r.eeg_max_time_error)")
        #expect(r.marker_max_time_error < 1e-6)
    }

    @Test func lengthsAreWrittenInTheSmallestOfOneFourOrEightBytes() {
        var out: [UInt8] = []
        XDFChunk.appendVarLength(200, to: &out)
        XDFChunk.appendVarLength(70_000, to: &out)
        #expect(out == [1, 200, 4, 0x70, 0x11, 0x01, 0x00])
        #expect(XDFChunk.encode(.boundary, XDFChunk.boundaryUUID).prefix(4) == [1, 18, 5, 0])
    }
}
