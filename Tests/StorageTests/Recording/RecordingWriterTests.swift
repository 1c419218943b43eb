import DataSources
import Foundation
import TestSupport
import Testing

@testable import Storage

/// Recordings are read back with h5py, the tool researchers use, and compared with what the oscillator
/// produced.
@Suite(.tags(.python))
struct RecordingWriterTests {
    static let h5Summary = """
        import h5py, json, sys, numpy as np
        f = h5py.File(sys.argv[1], 'r')
        r = f['Recording']
        d = r['Data']
        out = {
          'shape': list(d.shape), 'chunks': list(d.chunks), 'compression': d.compression,
          'level': d.compression_opts, 'shuffle': d.shuffle, 'maxshape': [x if x is not None else -1 for x in d.maxshape],
          'channels': [x.decode() if isinstance(x, bytes) else x for x in r['ChannelNames'][()].ravel()],
          'marker_shape': list(r['Marker'].shape), 'timestamp_shape': list(r['TimeStamp'].shape),
          'markers': [[int(i), int(v)] for i, v in enumerate(r['Marker'][()].ravel()) if v != 0],
          'timestamps_head': [int(x) for x in r['TimeStamp'][:3].ravel()],
          'nan_rows': int(np.isnan(d[()]).all(axis=1).sum()),
          'attrs': {k: (v.tolist() if hasattr(v, 'tolist') else v) for k, v in r.attrs.items()},
          'attr_types': {k: type(v).__name__ for k, v in r.attrs.items()},
          'events': {'sample': f['Events/SampleIndex'][()].tolist(), 'code': f['Events/Code'][()].tolist(),
                     'label': list(f['Events/Label'].asstr()[()]), 'time': f['Events/Time'][()].tolist()},
          'paradigm': None,
          'root': {k: (v.tolist() if hasattr(v, 'tolist') else v) for k, v in f.attrs.items()},
        }
        if 'Paradigm' in f:
            p = f['Paradigm']
            out['paradigm'] = {'title': p.attrs['Paradigm'], 'labels': list(p['ConditionLabels'].asstr()[()].ravel()),
                               'markers': p['ConditionMarkers'][()].ravel().tolist(), 'base': p['BaseMarkers'][()].ravel().tolist(),
                               'baseTime': int(p.attrs['BaseTime']), 'trialTime': int(p.attrs['TrialTime'])}
        np.save(sys.argv[2], d[()])
        print(json.dumps(out))
        """

    struct Summary: Decodable {
        struct Events: Decodable { var sample: [Int64]; var code: [Int32]; var label: [String]; var time: [Double] }
        struct Paradigm: Decodable {
            var title: String; var labels: [String]; var markers: [Int64]; var base: [Int64]; var baseTime: Int; var trialTime: Int
        }
        var shape: [Int]; var chunks: [Int]; var compression: String?; var level: Int?; var shuffle: Bool; var maxshape: [Int]
        var channels: [String]; var marker_shape: [Int]; var timestamp_shape: [Int]; var markers: [[Int64]]
        var timestamps_head: [Int64]; var nan_rows: Int; var attr_types: [String: String]; var events: Events; var paradigm: Paradigm?
    }

    /// Reads the file with h5py; the data matrix is returned via a .npy file read back as raw doubles.
    static func inspect(_ url: URL, in dir: TemporaryDirectory) throws -> (Summary, [Double]) {
        let npy = dir.path("data.npy")
        let summary = try PythonTool.json(Summary.self, script: h5Summary, arguments: [url.path, npy.path])
        let raw = try PythonTool.run(
            script: "import numpy as np, sys; np.load(sys.argv[1]).astype('<f8').tofile(sys.argv[2])", arguments: [npy.path, npy.path + ".raw"])
        _ = raw
        let bytes = try Data(contentsOf: URL(fileURLWithPath: npy.path + ".raw"))
        let values = bytes.withUnsafeBytes { Array($0.bindMemory(to: Double.self)) }
        return (summary, values)
    }

    static func metadata(seed: UInt64 = 5, aux: Bool = false, paradigm: Paradigm? = nil) -> RecordingMetadata {
        let source = OscillatorSource(configuration: .init(seed: seed, auxChannel: aux))
        return RecordingMetadata(
            participant: "3F2504E0-4F89-11D3-9A0C-0305E82C3301", study: "unit", day: 2, session: 5, run: 7,
            paradigm: paradigm, source: source.configuration.descriptor, powerLineFrequency: 50, locale: "de")
    }

    @Test func valuesChunkingAttributesAndEventsSurviveARoundTripThroughH5py() throws {
        let dir = try TemporaryDirectory("writer")
        let url = dir.path("r.h5")
        let paradigm = Paradigm(
            title: "rest", conditionLabels: ["EyesOpen", "EyesClosed"], conditionMarkers: [320, 420], baseMarkers: [310, 410], baseTime: -3,
            trialTime: 60)
        let writer = try RecordingWriter(url: url, metadata: Self.metadata(paradigm: paradigm))
        var generator = OscillatorGenerator(configuration: .init(seed: 5, startTime: 1_700_000_000))
        var expected: [Double] = []
        for block in 0..<40 {
            var samples = generator.next(128)[0]
            if block == 3 { samples.markers.append(BlockMarker(row: 10, marker: Marker(code: 310, label: "Straße/fixation ✓"))) }
            if block == 30 { samples.markers.append(BlockMarker(row: 0, marker: Marker(code: 320, label: "task"))) }
            expected += samples.values
            try writer.append(samples)
        }
        try writer.addEvent(code: 999, label: "custom")
        let summary = try writer.finish(.complete)
        writer.removeJournal()
        #expect(summary.samples == 5120)
        #expect(FileManager.default.fileExists(atPath: url.path))
        #expect(!FileManager.default.fileExists(atPath: writer.partialURL.path))
        #expect(!FileManager.default.fileExists(atPath: writer.journalURL.path))

        let (s, values) = try Self.inspect(url, in: dir)
        #expect(s.shape == [5120, 4])
        #expect(s.maxshape == [-1, 4])
        #expect(s.chunks == [2560, 4])
        #expect(s.compression == "gzip")
        #expect(s.level == 4)
        #expect(s.shuffle)
        #expect(s.channels == ["TP9", "AF7", "AF8", "TP10"])
        #expect(s.marker_shape == [5120, 1])
        #expect(s.timestamp_shape == [5120, 1])
        #expect(values == expected)
        let expectedMarkers: [[Int64]] = [[394, 310], [3840, 320]]
        #expect(s.markers == expectedMarkers)
        #expect(s.timestamps_head == [1_700_000_000_000_000, 1_700_000_000_003_906, 1_700_000_000_007_813])
        #expect(s.events.label == ["Straße/fixation ✓", "task", "custom"])
        #expect(s.events.sample == [394, 3840, 5119], "an event after the last row is at the last row, inside the data")
        #expect(s.events.code == [310, 320, 999])
        #expect(s.attr_types["SamplingRate"] == "float64")
        #expect(s.attr_types["Session"] == "ndarray")  // the reference's [1, 1] integer
        #expect(s.attr_types["ParticipantID"] == "str")
        #expect(s.attr_types["PowerLineFrequency"] == "float64")
        #expect(s.attr_types["SampleCount"] == "int64")
        #expect(s.paradigm?.title == "rest")
        #expect(s.paradigm?.labels == ["EyesOpen", "EyesClosed"])
        #expect(s.paradigm?.markers == [320, 420])
        #expect(s.paradigm?.base == [310, 410])
        #expect(s.paradigm?.baseTime == -3)
        #expect(s.nan_rows == 0)
    }

    @Test func lostSamplesBecomeNaNRowsAndAGapEvent() throws {
        let dir = try TemporaryDirectory("gaps")
        let url = dir.path("g.h5")
        let writer = try RecordingWriter(url: url, metadata: Self.metadata())
        var generator = OscillatorGenerator(configuration: .init(seed: 5, startTime: 0))
        let samples = generator.next(1000)[0]
        try writer.append(samples.slice(0..<300))
        try writer.append(samples.slice(350..<1000))  // 50 samples lost
        try writer.append(samples.slice(990..<1000))  // duplicates are ignored
        let summary = try writer.finish(.complete)
        #expect(summary.samples == 1000)
        #expect(summary.gapSamples == 50)
        let (s, values) = try Self.inspect(url, in: dir)
        #expect(s.shape == [1000, 4])
        #expect(s.nan_rows == 50)
        #expect(values[300 * 4].isNaN && values[349 * 4 + 3].isNaN)
        #expect(values[350 * 4] == samples.value(row: 350, channel: 0))
        #expect(s.events.code == [Marker.gapCode])
        #expect(s.events.sample == [300])
        #expect(s.events.label == ["gap 50 samples"])
    }

    /// A headband's clock fit may slew the times after a gap earlier (at most 2 % of a period per
    /// sample): the lost rows' times are spread between the rows around the gap, so no step is shorter
    /// than the source's own (a nominal fill put the whole correction on the step after the gap).
    @Test func gapRowTimesLieEvenlyBetweenTheRowsAroundTheGap() throws {
        let dir = try TemporaryDirectory("gap-times")
        let url = dir.path("t.h5")
        let writer = try RecordingWriter(url: url, metadata: Self.metadata())
        var generator = OscillatorGenerator(configuration: .init(seed: 5, startTime: 1000))
        var samples = generator.next(48)[0]
        let slew = 13 * 0.02 / 256  // the source slewed 13 periods by 2 %
        samples.times = samples.times.enumerated().map { $0.offset >= 24 ? $0.element - slew : $0.element }
        try writer.append(samples.slice(0..<12))
        try writer.append(samples.slice(24..<48))  // rows 12–23 lost
        try writer.finish(.complete)
        let times = try RecordingReader(url: url).readBlock(from: 0, count: 48).times
        let steps = zip(times.dropFirst(), times).map { $0 - $1 }
        #expect(steps.allSatisfy { $0 >= 0.98 / 256 - 2e-6 && $0 <= 1.0 / 256 + 2e-6 }, "\(steps)")
        #expect(abs(times[24] - samples.times[24]) < 2e-6)
    }

    @Test func neverOverwritesAnExistingRecording() throws {
        let dir = try TemporaryDirectory("exists")
        let url = dir.path("x.h5")
        try Data("keep me".utf8).write(to: url)
        #expect(throws: StorageError.self) { try RecordingWriter(url: url, metadata: Self.metadata()) }
        #expect(try String(contentsOf: url, encoding: .utf8) == "keep me")
    }

    @Test func readerReturnsWhatWasWrittenAndReplaysIt() async throws {
        let dir = try TemporaryDirectory("reader")
        let url = dir.path("r.h5")
        let writer = try RecordingWriter(url: url, metadata: Self.metadata(aux: true))
        var generator = OscillatorGenerator(configuration: .init(seed: 5, auxChannel: true, startTime: 100))
        var samples = generator.next(700)[0]
        samples.markers = [BlockMarker(row: 5, marker: Marker(code: 42))]
        try writer.append(samples)
        try writer.appendSeries(
            group: "Quality", name: "Variance", time: 100.5, values: [1, 2, 3, 4, 5], columns: ["TP9", "AF7", "AF8", "TP10", "AUX"])
        try writer.appendSeries(group: "Quality", name: "Variance", time: 101.0, values: [6, 7, 8, 9, 10])
        try writer.finish(.complete)
        let reader = try RecordingReader(url: url)
        #expect(reader.channelNames == ["TP9", "AF7", "AF8", "TP10", "AUX"])
        #expect(reader.samplingRate == 256)
        #expect(reader.sampleCount == 700)
        #expect(reader.participant == "3F2504E0-4F89-11D3-9A0C-0305E82C3301")
        #expect(reader.outcome.isComplete)
        let back = try reader.readBlock(from: 600, count: 200)
        #expect(back.count == 100 && back.firstIndex == 600)
        #expect(back.values == samples.slice(600..<700).values)
        #expect(try reader.readBlock(from: 5, count: 1).marker(at: 0)?.code == 42)
        let series = try #require(try reader.series(group: "Quality", name: "Variance"))
        #expect(series.times == [100.5, 101.0])
        #expect(series.values == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
        #expect(series.columns == 5)

        let controller = DataController(source: ReplaySource(recording: reader, configuration: .init(pacing: .asFastAsPossible)))
        let events = await controller.events()
        try await controller.start()
        var replayed: [Double] = []
        for await event in events {
            if case .samples(let b) = event { replayed += b.values }
            if case .ended = event { break }
        }
        #expect(replayed == samples.values)
    }
}
