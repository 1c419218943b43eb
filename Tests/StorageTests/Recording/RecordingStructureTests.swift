import DataSources
import Foundation
import TestSupport
import Testing

@testable import Storage

/// The files ``RecordingWriter`` writes must not change when its code does: a recording that uses
/// every part of the layout (raw codes, auxiliary streams with a gap, paradigm, clock anchor, device
/// properties, provenance, derived series, group attributes, events, placed markers, lost samples), written
/// directly and rebuilt from its journal, is dumped with h5py (every group, dataset, attribute, dtype,
/// shape, chunking, filter and a digest of the values) and compared line by line with
/// `Tests/Fixtures/recording-structure.txt`, which the writer before the row-buffer split produced.
/// Regenerate it only for an intended format change: `STUDY_RECORDER_WRITE_FIXTURE=1`.
@Suite(.tags(.python))
struct RecordingStructureTests {
    static let dump = """
        import h5py, hashlib, sys, numpy as np
        def val(v):
            if isinstance(v, bytes): return repr(v.decode())
            if isinstance(v, np.ndarray):
                if v.dtype.kind in 'OSU': return repr([x.decode() if isinstance(x, bytes) else x for x in v.ravel()]) + ' shape=' + str(v.shape)
                return repr(v.tolist())
            if isinstance(v, (np.floating, float)): return repr(float(v))
            if isinstance(v, (np.integer, int)): return repr(int(v))
            return repr(v)
        def attrs(obj, indent):
            for k in sorted(obj.attrs.keys()):
                a = obj.attrs.get_id(k)
                print(indent + '@' + k + ' ' + str(a.dtype) + ' ' + str(a.shape) + ' = ' + val(obj.attrs[k]))
        def digest(d):
            if d.dtype.kind in 'OSU' or h5py.check_string_dtype(d.dtype) is not None:
                return repr([x.decode() if isinstance(x, bytes) else x for x in d[()].ravel()])
            return hashlib.sha256(np.ascontiguousarray(d[()]).tobytes()).hexdigest()[:16]
        def visit(name, obj):
            if isinstance(obj, h5py.Group):
                print('group /' + name); attrs(obj, '  ')
            else:
                print('dataset /' + name + ' ' + str(obj.dtype) + ' shape=' + str(obj.shape) + ' maxshape=' + str(obj.maxshape)
                      + ' chunks=' + str(obj.chunks) + ' compression=' + str(obj.compression) + ' level=' + str(obj.compression_opts)
                      + ' shuffle=' + str(obj.shuffle) + ' values=' + digest(obj))
                attrs(obj, '  ')
        for path in sys.argv[1:]:
            f = h5py.File(path, 'r')
            print('file ' + path.split('/')[-1]); attrs(f, '  ')
            f.visititems(visit)
        """

    static let fixture = ProjectPaths.root.appendingPathComponent("Tests/Fixtures/recording-structure.txt")

    /// A Muse-like device: raw-coded EEG plus accelerometer and telemetry streams.
    static func metadata() -> RecordingMetadata {
        var eeg = StreamDescriptor(name: "eeg", kind: .eeg, channelLabels: ["TP9", "AF7", "AF8", "TP10"], unit: "uV", samplingRate: 256)
        eeg.rawCoding = .init(bits: 12, scale: 0.48828125, offset: -1000)
        eeg.physicalRange = -1000...999.51171875
        let acc = StreamDescriptor(name: "accelerometer", kind: .accelerometer, channelLabels: ["x", "y", "z"], unit: "g", samplingRate: 52)
        let telemetry = StreamDescriptor(name: "telemetry", kind: .telemetry, channelLabels: ["battery"], unit: "percent", samplingRate: 0.1)
        let device = DeviceDescriptor(
            kind: "muse", manufacturer: "Interaxon", model: "Muse S", serial: "0055-ABCD", firmware: "3.4.5", hardware: "rev 2",
            properties: ["preset": "p21", "mac": "00:55:DA:00:00:01"], streams: [eeg, acc, telemetry],
            electrodeGroups: DeviceDescriptor.museElectrodeGroups)
        let paradigm = Paradigm(
            title: "rest", conditionLabels: ["EyesOpen", "EyesClosed"], conditionMarkers: [320, 420], baseMarkers: [310, 410], baseTime: -0.5,
            trialTime: 60)
        return RecordingMetadata(
            participant: "3F2504E0-4F89-11D3-9A0C-0305E82C3301", study: "unit", day: 2, session: 5, run: 7, paradigm: paradigm, source: device,
            clockAnchor: ClockAnchor(monotonic: 12_345.5, utc: 1_700_000_000.25), powerLineFrequency: 50, locale: "de",
            created: Date(timeIntervalSince1970: 1_700_000_000), softwareVersion: "fixture",
            extra: ["fittingTime": .double(12.5), "note": .string("x"), "tries": .int(2)],
            provenance: Provenance(
                source: .headband, speed: 1, softwareVersion: "fixture", decoderVersion: "muse-classic/1",
                commandLine: ["study-recorder", "record", "--name", Provenance.leftOut]))
    }

    /// Feeds `writer` every kind of input, with times fixed so the file is the same on every run.
    /// `beforeLateFlush` runs just before the one explicit flush (after block 8).
    static func feed(_ writer: RecordingWriter, beforeLateFlush: () -> Void = {}) throws {
        let t0 = 1_700_000_000.0
        try writer.place(PlacedMarker(marker: Marker(code: 5, label: "before"), moment: t0, sample: 0, sampleTime: t0))
        var index: Int64 = 0
        for block in 0..<12 {
            if block == 6 { index += 40 }  // lost samples
            let rows = 64
            let times = (0..<rows).map { t0 + Double(index + Int64($0)) / 256 }
            let values = (0..<(rows * 4)).map { Double(($0 * 7 + block * 13) % 997) / 3 - 100 }
            let raw = values.map { UInt16(clamping: Int((($0 + 1000) / 0.48828125).rounded())) }
            var markers: [BlockMarker] = []
            if block == 2 { markers.append(BlockMarker(row: 5, marker: Marker(code: 320, label: "task ✓"))) }
            try writer.append(SampleBlock(firstIndex: index, channelCount: 4, values: values, times: times, raw: raw, markers: markers))
            let accFirst = Int64(block * 13) + (block >= 8 ? 5 : 0)
            try writer.append(
                SampleBlock(
                    stream: "accelerometer", firstIndex: accFirst, channelCount: 3, values: (0..<39).map { Double($0) / 10 },
                    times: (0..<13).map { t0 + Double(accFirst + Int64($0)) / 52 }))
            if block % 5 == 0 {
                try writer.append(
                    SampleBlock(stream: "telemetry", firstIndex: Int64(block / 5), channelCount: 1, values: [90 - Double(block)], times: [times[0]]))
            }
            try writer.appendSeries(group: "Quality", name: "Grade", time: times[0], values: [1, 2, 4, 1], columns: ["TP9", "AF7", "AF8", "TP10"])
            if block % 3 == 0 {
                try writer.appendSeries(group: "Quality", name: "BandPowerAbsolute", time: times[0], values: (0..<20).map(Double.init))
            }
            index += Int64(rows)
            if block == 8 {
                try writer.place(PlacedMarker(marker: Marker(code: 420, label: "late"), moment: t0 + 2, sample: 100, sampleTime: t0 + 100.0 / 256))
                beforeLateFlush()
                try writer.flush()
            }
        }
        try writer.setGroupAttribute(group: "Quality", name: "QualityWindowSeconds", value: .string("2"))
        try writer.setGroupAttribute(group: "Quality", name: "Version", value: .int(1))
        try writer.addEvent(code: 999, label: "custom", time: t0 + 3)
        try writer.addEvent(code: 998, label: "open")
    }

    @Test func aFullRecordingAndItsJournalRebuildHaveTheFixtureStructure() throws {
        let dir = try TemporaryDirectory("structure")
        let direct = dir.path("direct.h5")
        let writer = try RecordingWriter(url: direct, metadata: Self.metadata(), options: .init(chunkSeconds: 1))
        try Self.feed(writer)
        try writer.finish(.complete)
        writer.removeJournal()

        // The same input, abandoned before finish and rebuilt from its journal as recovery does.
        let crashed = dir.path("crashed.h5")
        do {
            let w = try RecordingWriter(url: crashed, metadata: Self.metadata(), options: .init(chunkSeconds: 1))
            try Self.feed(w)
            try w.flush()
        }
        let rebuilt = dir.path("rebuilt.h5")
        var replaying: RecordingWriter?
        _ = try RecordingJournal.read(
            RecordingWriter.journalURL(for: crashed),
            header: { metadata in
                replaying = try RecordingWriter(url: rebuilt, metadata: metadata, options: .init(chunkSeconds: 1, journaling: false))
            }
        ) { record in try replaying?.replay(record) }
        let replayer = try #require(replaying)
        try replayer.finish(.incomplete(reason: "recovered"))

        let listing = try PythonTool.run(script: Self.dump, arguments: [direct.path, rebuilt.path])
        if ProcessInfo.processInfo.environment["STUDY_RECORDER_WRITE_FIXTURE"] == "1" {
            try Data(listing.utf8).write(to: Self.fixture)
        }
        let expected = try String(contentsOf: Self.fixture, encoding: .utf8)
        let got = listing.split(separator: "\n", omittingEmptySubsequences: false)
        let want = expected.split(separator: "\n", omittingEmptySubsequences: false)
        for (i, pair) in zip(got, want).enumerated() where pair.0 != pair.1 {
            Issue.record("line \(i + 1) differs:\n  got:  \(pair.0)\n  want: \(pair.1)")
            break
        }
        #expect(got.count == want.count)
        #expect(listing.contains("dataset /Streams/accelerometer/Data"))
        #expect(listing.contains("dataset /Recording/RawData"))
    }
}
