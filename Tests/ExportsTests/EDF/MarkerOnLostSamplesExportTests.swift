import DataSources
import Foundation
import Storage
import TestSupport
import Testing

@testable import Exports

/// A marker set while the data was missing keeps its true onset in the exports and says that the EEG
/// under it is missing: the EDF+ annotation (read back by pyedflib) ends in ` [EEG missing]`, the BIDS
/// `_events.tsv` row has `eeg_missing` `yes`; a marker on a recorded sample says neither.
@Suite(.tags(.python))
struct MarkerOnLostSamplesExportTests {
    /// 8 s of oscillator signal with samples 1280..<1536 lost; a key pressed into the silence (sample
    /// 1400, placed once the gap's rows exist) and one on a recorded sample (600).
    static func recording(in dir: TemporaryDirectory) throws -> URL {
        let url = dir.path("lost.h5")
        let configuration = OscillatorConfiguration(seed: 5, startTime: 1_700_000_000)
        let metadata = RecordingMetadata(
            participant: RecordingFixture.participant, study: "export-test", day: 1, session: 1, run: 1, paradigm: nil,
            source: configuration.descriptor, powerLineFrequency: 50, locale: "en")
        let writer = try RecordingWriter(url: url, metadata: metadata)
        var generator = OscillatorGenerator(configuration: configuration)
        var blocks: [SampleBlock] = []
        while generator.nextIndex < 8 * 256 { blocks += generator.next(128) }
        for block in blocks where block.endIndex <= 1280 || block.firstIndex >= 1536 { try writer.append(block) }
        func placed(_ code: Int32, _ sample: Int64) -> PlacedMarker {
            PlacedMarker(marker: Marker(code: code, label: "key"), moment: 1_700_000_000 + Double(sample) / 256, sample: sample, sampleTime: 1_700_000_000 + Double(sample) / 256)
        }
        try writer.place(placed(701, 1400))
        try writer.place(placed(702, 600))
        try writer.finish(.complete)
        return url
    }

    @Test func exportsKeepTheOnsetAndSayTheEEGIsMissing() throws {
        let dir = try TemporaryDirectory("lost-marker-export")
        let reader = try RecordingReader(url: try Self.recording(in: dir))
        let edf = dir.path("lost.edf")
        try EDFWriter().write(reader, to: edf)
        struct Annotations: Decodable { var annotations: [[String]] }
        let back = try PythonTool.json(
            Annotations.self,
            script: """
                import sys, json, pyedflib
                o, d, t = pyedflib.EdfReader(sys.argv[1]).readAnnotations()
                # pyedflib reads an annotation without duration as -1.
                print(json.dumps({'annotations': [['%.6f' % a, '%.6f' % b, c] for a, b, c in zip(o, d, t)]}))
                """, arguments: [edf.path])
        #expect(back.annotations.contains(["5.468750", "-1.000000", "key [EEG missing]"]))
        #expect(back.annotations.contains(["2.343750", "-1.000000", "key"]))
        #expect(back.annotations.contains(["5.000000", "1.000000", "BAD_ACQ_SKIP"]))

        let table = BIDSEventsTable(paradigm: nil, samplingRate: 256, sampleCount: reader.sampleCount, responseTimes: nil)
        let rows = table.text(try reader.events()).split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }
        #expect(rows[0] == ["onset", "duration", "trial_type", "value", "sample", "label", "eeg_missing"])
        #expect(rows.contains(["5.46875", "0", "key", "701", "1400", "key", "yes"]))
        #expect(rows.contains(["2.34375", "0", "key", "702", "600", "key", "no"]))
        #expect(rows.contains(["5", "1", "BAD_ACQ_SKIP", "-1", "1280", "gap 256 samples", "yes"]))
    }
}
