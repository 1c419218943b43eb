import DataSources
import Foundation
import Storage
import TestSupport
import Testing

@testable import Exports

/// Every exported file says where its recording came from, inside the file where the format allows
/// it: EDF+ as an annotation at 0 s (read back by pyedflib), XDF as `<provenance>` in each stream
/// header's `<desc>` (read back by pyxdf), the CSV folder as `provenance.csv`. A recording without
/// `/Provenance` exports without one.
@Suite(.tags(.python))
struct ExportedProvenanceTests {
    static let demo = Provenance(
        source: .simulatedHeadband, scriptedParticipant: true, speed: 20, decoderVersion: "muse-athena/1",
        commandLine: ["study-recorder", "run", "x", "--speed", "20", "--auto"])

    /// The fields every format must carry for ``demo``.
    static let expected: [String: String] = [
        "Source": "simulated-headband", "ScriptedParticipant": "1", "Speed": "20", "SoftwareVersion": ProductVersion.current,
        "DecoderVersion": "muse-athena/1", "CommandLine": "study-recorder run x --speed 20 --auto", "ParticipantData": "no",
        "NotParticipantData": "scripted participant, simulated-headband, 20x speed",
    ]

    static func export(_ format: ExportFormat, provenance: Provenance?) throws -> (ExportFixture, URL) {
        let fixture = try ExportFixture("export-provenance-\(format)", seconds: 4, provenance: provenance)
        let exporter = try fixture.exporter(format)
        let exported = try exporter.export(fixture.item)
        _ = try exporter.finish()
        let file = try #require(exported.files.first)
        return (fixture, fixture.out.appendingPathComponent(file))
    }

    @Test func edfCarriesItAsAnAnnotationAtZero() throws {
        let (fixture, url) = try Self.export(.edf, provenance: Self.demo)
        _ = fixture
        let texts = try PythonTool.json(
            [String].self,
            script: """
                import json, sys, pyedflib
                r = pyedflib.EdfReader(sys.argv[1]); onsets, durations, texts = r.readAnnotations()
                print(json.dumps([t for o, t in zip(onsets, texts) if o == 0 and t.startswith('StudyRecorder provenance: ')]))
                """, arguments: [url.path])
        let text = try #require(texts.first, "no provenance annotation at 0 s")
        #expect(texts.count == 1)
        let pairs = text.dropFirst(ExportedProvenance.annotationPrefix.count).components(separatedBy: "; ").map {
            $0.split(separator: "=", maxSplits: 1).map(String.init)
        }
        #expect(Dictionary(uniqueKeysWithValues: pairs.map { ($0[0], $0.count > 1 ? $0[1] : "") }) == Self.expected, "\(text)")
    }

    @Test func xdfCarriesItInEveryStreamHeader() throws {
        let (fixture, url) = try Self.export(.xdf, provenance: Self.demo)
        _ = fixture
        let read = try PythonTool.json(
            [[String: String]].self,
            script: """
                import json, sys, pyxdf
                streams, header = pyxdf.load_xdf(sys.argv[1])
                print(json.dumps([{k: (v[0] if v and v[0] is not None else '') for k, v in s['info']['desc'][0]['provenance'][0].items()} for s in streams]))
                """, arguments: [url.path])
        #expect(!read.isEmpty)
        for stream in read { #expect(stream == Self.expected) }
    }

    @Test func theCSVFolderCarriesItAsProvenanceCSV() throws {
        let (fixture, _) = try Self.export(.csv, provenance: Self.demo)
        let folder = try #require(try FileManager.default.contentsOfDirectory(atPath: fixture.out.path).first { !$0.hasPrefix(".") })
        let read = try PythonTool.json(
            [String: String].self,
            script: """
                import json, sys, pandas
                t = pandas.read_csv(sys.argv[1], dtype=str, keep_default_na=False)
                print(json.dumps(dict(zip(t['name'], t['value']))))
                """, arguments: [fixture.out.appendingPathComponent(folder).appendingPathComponent("provenance.csv").path])
        #expect(read == Self.expected)
    }

    @Test func aRecordingThatDoesNotSayExportsWithoutIt() throws {
        let (fixture, url) = try Self.export(.edf, provenance: nil)
        _ = fixture
        let count = try PythonTool.json(
            Int.self,
            script: """
                import json, sys, pyedflib
                print(json.dumps(sum(t.startswith('StudyRecorder provenance') for t in pyedflib.EdfReader(sys.argv[1]).readAnnotations()[2])))
                """, arguments: [url.path])
        #expect(count == 0)
    }
}
