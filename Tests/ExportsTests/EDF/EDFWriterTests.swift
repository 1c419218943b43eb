import DataSources
import Foundation
import Storage
import TestSupport
import Testing

@testable import Exports

/// EDF+ files are read back by two independent readers — MNE's `read_raw_edf` and pyedflib (EDFlib,
/// the strictest common reader) — and compared with the source recording read by h5py.
@Suite(.tags(.python))
struct EDFWriterTests {
    static let readBack = """
        import sys, json, warnings, h5py, numpy as np, mne, pyedflib
        warnings.simplefilter('ignore')
        src, edf = sys.argv[1], sys.argv[2]
        f = h5py.File(src, 'r')
        data = f['Recording/Data'][()]
        names = list(f['Recording/ChannelNames'].asstr()[()].ravel())
        ev = list(zip(f['Events/SampleIndex'][()].tolist(), f['Events/Code'][()].tolist(), list(f['Events/Label'].asstr()[()])))
        n = data.shape[0]
        ok = ~np.isnan(data)
        raw = mne.io.read_raw_edf(edf, preload=True, verbose='error')
        m = raw.get_data().T * 1e6
        r = pyedflib.EdfReader(edf)
        p = np.stack([r.readSignal(i) for i in range(r.signals_in_file)], axis=1)
        onsets, durations, texts = r.readAnnotations()
        out = {
          'source_rows': n, 'source_channels': names, 'nan_rows': int(np.isnan(data).all(axis=1).sum()),
          'source_events': [[int(s), int(c), l] for s, c, l in ev],
          'mne_channels': raw.ch_names, 'mne_rate': raw.info['sfreq'], 'mne_rows': int(m.shape[0]),
          'mne_max_error': float(np.abs(m[:n][ok] - data[ok]).max()),
          'mne_gap_values': float(np.abs(m[:n][~ok]).max()) if (~ok).any() else 0.0,
          'mne_annotations': [[float(a['onset']), float(a['duration']), a['description']] for a in raw.annotations],
          'mne_meas_date': raw.info['meas_date'].timestamp(),
          'mne_units': sorted(set(ch['unit'] for ch in raw.info['chs'])),
          'edflib_channels': r.getSignalLabels(), 'edflib_rate': float(r.getSampleFrequency(0)),
          'edflib_max_error': float(np.abs(p[:n][ok] - data[ok]).max()),
          'edflib_annotations': [[float(o), float(d), t] for o, d, t in zip(onsets, durations, texts)],
          'edflib_patient': r.getPatientCode(), 'edflib_physical_max': float(r.getPhysicalMaximum(0)),
          'edflib_physical_min': float(r.getPhysicalMinimum(0)), 'edflib_dimension': r.getPhysicalDimension(0),
          'edflib_duration': float(r.getFileDuration()),
        }
        head = open(edf, 'rb').read(256)
        out['reserved'] = head[192:236].decode().strip()
        out['patient'] = head[8:88].decode().strip()
        print(json.dumps(out))
        """

    struct ReadBack: Decodable {
        var source_rows: Int; var source_channels: [String]; var nan_rows: Int; var source_events: [[Value]]
        var mne_channels: [String]; var mne_rate: Double; var mne_rows: Int; var mne_max_error: Double; var mne_gap_values: Double
        var mne_annotations: [[Value]]; var mne_meas_date: Double; var mne_units: [Int]
        var edflib_channels: [String]; var edflib_rate: Double; var edflib_max_error: Double; var edflib_annotations: [[Value]]
        var edflib_patient: String; var edflib_physical_max: Double; var edflib_physical_min: Double; var edflib_dimension: String
        var edflib_duration: Double; var reserved: String; var patient: String
    }

    /// A JSON number or string in a mixed array.
    enum Value: Decodable, Equatable {
        case number(Double)
        case text(String)
        init(from decoder: any Decoder) throws {
            let c = try decoder.singleValueContainer()
            if let d = try? c.decode(Double.self) { self = .number(d) } else { self = .text(try c.decode(String.self)) }
        }
        var number: Double? { if case .number(let d) = self { d } else { nil } }
        var text: String? { if case .text(let t) = self { t } else { nil } }
    }

    static func annotations(_ rows: [[Value]]) -> [(onset: Double, duration: Double, text: String)] {
        rows.map { ($0[0].number ?? .nan, $0[1].number ?? .nan, $0[2].text ?? "") }
    }

    @Test func aRecordingWithGapsReadsBackInMNEAndPyEDFLib() throws {
        let dir = try TemporaryDirectory("edf-gaps")
        let source = try RecordingFixture.make(in: dir, seconds: 40, dropouts: 6)
        let reader = try RecordingReader(url: source)
        let edf = dir.path("r.edf")
        let export = try EDFWriter(patientCode: RecordingFixture.participant).write(reader, to: edf)
        let back = try PythonTool.json(ReadBack.self, script: Self.readBack, arguments: [source.path, edf.path])

        #expect(back.nan_rows > 0, "the fixture must have gaps")
        #expect(export.variant == "EDF+C" && back.reserved == "EDF+C", "contiguous records: EDFlib refuses EDF+D")
        #expect(export.gapCount == back.source_events.filter { $0[1].number == -1 }.count && export.gapCount > 0)
        #expect(export.rangeOrigin == .device && back.edflib_physical_min == -1000 && back.edflib_physical_max == 999.5118)
        // Values within half a 16-bit step of the device's range, in both readers.
        let step = (999.5118 + 1000) / 65535
        #expect(back.mne_max_error <= step / 2 + 1e-9, "MNE: \(back.mne_max_error)")
        #expect(back.edflib_max_error <= step / 2 + 1e-9, "pyedflib: \(back.edflib_max_error)")
        #expect(back.mne_gap_values <= step, "gap rows are written as 0 µV")
        #expect(back.mne_channels == back.source_channels && back.edflib_channels == back.source_channels)
        #expect(back.mne_rate == 256 && back.edflib_rate == 256)
        #expect(back.mne_rows == back.source_rows + export.paddingSamples && back.mne_rows % 256 == 0)
        #expect(back.mne_units == [107], "FIFF_UNIT_V: MNE took the µV dimension")
        #expect(back.edflib_dimension == "uV")
        #expect(back.patient == "\(RecordingFixture.participant) X X X" && back.edflib_patient == RecordingFixture.participant)
        #expect(abs(back.mne_meas_date - 1_700_000_000) < 1e-6, "whole-second start")

        // Every event at its sample; every gap a BAD_ACQ_SKIP span of its length; the padding too.
        for reader in [back.mne_annotations, back.edflib_annotations] {
            let read = Self.annotations(reader)
            for event in back.source_events {
                let sample = event[0].number ?? 0, code = event[1].number ?? 0, label = event[2].text ?? ""
                if code == -1 {
                    let missing = Double(label.split(separator: " ")[1]) ?? 0
                    #expect(
                        read.contains { $0.text == "BAD_ACQ_SKIP" && abs($0.onset - sample / 256) < 1e-6 && abs($0.duration - missing / 256) < 1e-6 },
                        "\(label) at \(sample)")
                } else {
                    #expect(read.contains { $0.text == label && abs($0.onset - sample / 256) < 1e-6 }, "\(label) at \(sample)")
                }
            }
            #expect(read.count == back.source_events.count + (export.paddingSamples > 0 ? 1 : 0))
        }
        #expect(read(back.mne_annotations, contains: "EyesOpen/task Ünïcode ✓"))
    }

    private func read(_ rows: [[Value]], contains text: String) -> Bool { rows.contains { $0[2].text == text } }

    @Test func aContinuousRecordingIsEDFPlusC() throws {
        let dir = try TemporaryDirectory("edf-continuous")
        let source = try RecordingFixture.make(in: dir, seconds: 8)
        let edf = dir.path("c.edf")
        let export = try EDFWriter().write(try RecordingReader(url: source), to: edf)
        let back = try PythonTool.json(ReadBack.self, script: Self.readBack, arguments: [source.path, edf.path])
        #expect(export.variant == "EDF+C" && back.reserved == "EDF+C" && export.gapCount == 0 && export.paddingSamples == 0)
        #expect(back.nan_rows == 0 && back.edflib_duration == 8 && export.recordCount == 8)
        #expect(back.patient == "X X X X")
        #expect(back.mne_max_error <= (999.5118 + 1000) / 65535 / 2 + 1e-9)
    }

    /// The EDF+ header names each EEG signal's transducer and prefiltering (blank for the annotation
    /// signal, as EDF+ requires), as pyedflib reads them.
    @Test func theSignalsNameTheirTransducerAndPrefiltering() throws {
        let dir = try TemporaryDirectory("edf-transducer")
        let script = """
            import sys, json, pyedflib
            r = pyedflib.EdfReader(sys.argv[1])
            print(json.dumps({'transducers': [r.getTransducer(i) for i in range(r.signals_in_file)],
                              'prefilters': [r.getPrefilter(i) for i in range(r.signals_in_file)]}))
            """
        struct Fields: Decodable { var transducers: [String]; var prefilters: [String] }
        for kind in ["muse", "oscillator"] {
            let source = try RecordingFixture.make(in: dir, name: "\(kind).h5", seconds: 2, deviceKind: kind)
            let edf = dir.path("\(kind).edf")
            _ = try EDFWriter().write(try RecordingReader(url: source), to: edf)
            let back = try PythonTool.json(Fields.self, script: script, arguments: [edf.path])
            let expected = EDFSignalLabels(channel: "TP9", deviceKind: kind)
            #expect(back.transducers == [String](repeating: expected.transducer, count: 4), "\(kind): \(back.transducers)")
            #expect(back.prefilters == [String](repeating: expected.prefilter, count: 4), "\(kind): \(back.prefilters)")
        }
        #expect(EDFSignalLabels(channel: "AF7", deviceKind: "muse").transducer == "dry electrode")
        #expect(EDFSignalLabels(channel: "TP9", deviceKind: "oscillator").transducer == "none (synthetic signal)")
    }
}
