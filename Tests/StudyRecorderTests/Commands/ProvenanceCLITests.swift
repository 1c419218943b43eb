import Foundation
import Storage
import TestSupport
import Testing

/// Every stored item says where it came from (docs/formats.md, Provenance): a scripted run's
/// consent record and PDF, questionnaires, trial tables and recordings all say a script stood in for
/// the participant; a simulated headband's and a replayed capture's recordings say so; the command
/// line is kept without the name; and a BIDS export leaves such items out unless asked.
@Suite(.tags(.process, .server, .python))
struct ProvenanceCLITests {
    static let reactionTime = ProjectPaths.root.appendingPathComponent("Studies/reaction-time").path

    /// The `/Provenance` group of a recording as h5py reads it.
    struct Stored: Decodable {
        var Source: String
        var ScriptedParticipant: Int
        var Speed: Double
        var SoftwareVersion: String
        var DecoderVersion: String
        var CommandLine: [String]?
    }

    static func provenance(of file: URL) throws -> Stored {
        try PythonTool.json(
            Stored.self,
            script: """
                import sys, json, h5py
                a = h5py.File(sys.argv[1], 'r')['Provenance'].attrs
                text = lambda v: v.decode() if isinstance(v, bytes) else str(v)
                out = {k: text(a[k]) for k in ('Source', 'SoftwareVersion', 'DecoderVersion')}
                out['ScriptedParticipant'] = int(a['ScriptedParticipant']); out['Speed'] = float(a['Speed'])
                if 'CommandLine' in a: out['CommandLine'] = [text(v) for v in a['CommandLine']]
                print(json.dumps(out))
                """, arguments: [file.path])
    }

    /// A JSON record's `provenance` object.
    static func provenance(ofJSON file: URL) throws -> [String: Any] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        return try #require(object["provenance"] as? [String: Any], "\(file.lastPathComponent) has no provenance")
    }

    @Test func aScriptedRunsEveryItemSaysSoAndABIDSExportLeavesThemOut() throws {
        let dir = try TemporaryDirectory("cli-provenance-scripted")
        let data = dir.path("data")
        let enrolled = try CLI.run(["enroll", Self.reactionTime, "--data", data.path, "--name", "Ada Example", "--auto"])
        #expect(enrolled.status == 0, "\(enrolled.stderr)")
        // Day 1: the questionnaire session, then the reaction-time session (recordings and trial tables).
        for _ in 1...2 {
            let ran = try CLI.run(["run", Self.reactionTime, "--data", data.path, "--auto", "--speed", "100"])
            #expect(ran.status == 0, "\(ran.stderr)")
        }
        let store = try DataStore(root: data)
        let items = try store.catalog.items()
        let kinds = Set(items.map(\.kind))
        #expect(kinds == [.consent, .consentPDF, .questionnaire, .recording, .trials], "\(kinds)")
        for item in items {
            let file = store.url(of: item.path)
            switch item.kind {
            case .recording:
                let p = try Self.provenance(of: file)
                #expect(p.Source == "oscillator" && p.ScriptedParticipant == 1 && p.Speed == 100, "\(item.path): \(p)")
                #expect(p.DecoderVersion == "none" && p.SoftwareVersion == ProductVersion.current)
                #expect(p.CommandLine?.starts(with: ["study-recorder", "run"]) == true && p.CommandLine?.contains("--auto") == true, "\(p)")
            case .consent, .questionnaire, .trials:
                let p = try Self.provenance(ofJSON: file)
                #expect(p["scriptedParticipant"] as? Bool == true, "\(item.path): \(p)")
                let line = try #require(p["commandLine"] as? [String], "\(item.path)")
                #expect(line.contains("--auto"))
                #expect(!line.joined(separator: " ").contains("Ada"), "the name is left out of \(item.path): \(line)")
                if item.kind == .consent { #expect(line.contains("--name") && line.contains(Provenance.leftOut)) }
                if item.kind == .trials { #expect(p["source"] as? String == "oscillator" && p["speed"] as? Double == 100) }
            case .consentPDF:
                let text = try PDFTools.text(of: file).split(whereSeparator: \.isWhitespace).joined(separator: " ")
                #expect(text.contains("NOT A PARTICIPANT'S CONSENT: agreed to and signed by a script"), "\(text)")
            }
        }

        // A BIDS dataset leaves them out, one line each, and takes them when asked.
        let out = dir.path("bids")
        let left = try CLI.run(["export", "--data", data.path, "--all", "--format", "bids", "--out", out.path])
        #expect(left.status == 0, "\(left.stderr)")
        let recordings = items.filter { $0.kind == .recording }
        let skipped = left.stdout.split(separator: "\n").filter { $0.hasPrefix("skipped ") && $0.contains("not a participant's data") }
        #expect(skipped.count == recordings.count, "\(left.stdout)")
        #expect(left.stdout.contains("exported 0 item(s)"))
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("dataset_description.json").path))
        let taken = try CLI.run(["export", "--data", data.path, "--all", "--format", "bids", "--include-simulated", "--out", out.path])
        #expect(taken.status == 0 && taken.stdout.contains("exported \(recordings.count) item(s)"), "\(taken.stdout) \(taken.stderr)")
        let scans = try #require(FileManager.default.subpaths(atPath: out.path)?.first { $0.hasSuffix("_scans.tsv") })
        let table = try String(contentsOf: out.appendingPathComponent(scans), encoding: .utf8).split(separator: "\n").map {
            $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        }
        let header = try #require(table.first)
        let source = try #require(header.firstIndex(of: "signal_source")), scripted = try #require(header.firstIndex(of: "scripted_participant"))
        let speed = try #require(header.firstIndex(of: "speed"))
        #expect(table.count == recordings.count + 1)
        for row in table.dropFirst() { #expect(row[source] == "oscillator" && row[scripted] == "true" && row[speed] == "100", "\(row)") }
        let sidecar = try #require(FileManager.default.subpaths(atPath: out.path)?.first { $0.hasSuffix("_eeg.json") })
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent(sidecar))) as? [String: Any])
        let p = try #require(object["Provenance"] as? [String: Any])
        #expect(p["Source"] as? String == "oscillator" && p["ScriptedParticipant"] as? Bool == true && p["ParticipantData"] as? Bool == false)
    }

    @Test func aSimulatedHeadbandsAndAReplayedCapturesRecordingsSaySo() throws {
        let dir = try TemporaryDirectory("cli-provenance-muse")
        let capture = ProjectPaths.root.appendingPathComponent("Tests/Fixtures/athena/data_p1041.txt").path
        let cases: [(arguments: [String], source: String, decoder: String)] = [
            ([], "simulated-headband", "muse-classic/1"), (["--replay", capture], "replayed-capture", "muse-athena/1"),
        ]
        for (i, c) in cases.enumerated() {
            let headband = try MuseCLITests.Headband(c.arguments, speed: 20)
            let data = dir.path("data-\(i)")
            let recorded = try CLI.run([
                "record", "--source", "muse", "--device", headband.device, "--speed", "20", "--duration", "4s", "--data", data.path, "--json",
            ])
            #expect(recorded.status == 0, "\(recorded.stderr)")
            let item = try #require(try JSONSerialization.jsonObject(with: Data(recorded.stdout.utf8)) as? [String: Any])
            let path = try #require(item["path"] as? String)
            let p = try Self.provenance(of: data.appendingPathComponent(path))
            #expect(p.Source == c.source && p.DecoderVersion == c.decoder && p.ScriptedParticipant == 0 && p.Speed == 20, "\(p)")
            #expect(p.CommandLine?.contains("unix:…/muse.sock") == true && p.CommandLine?.contains(headband.device) == false, "\(p)")
            // A named item in a file format is converted and said to be what it is.
            let edf = try CLI.run(["export", "--data", data.path, path, "--format", "edf", "--out", dir.path("edf-\(i)").path])
            #expect(edf.status == 0 && edf.stdout.contains("not a participant's data: \(c.source)"), "\(edf.stdout) \(edf.stderr)")
        }
    }
}
