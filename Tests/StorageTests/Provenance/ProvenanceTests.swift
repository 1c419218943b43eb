import DataSources
import Foundation
import TestSupport
import Testing

@testable import Storage

/// A recording says where it came from (`/Provenance`): what the caller knew (a scripted
/// participant, the speed, the command line) and what the source announced (its origin, its
/// decoder), written when it starts, kept through a crash, read back; the command line without
/// the values that could identify a person.
struct ProvenanceTests {
    @Test func aRecordingStoresWhatTheRequestAndTheSourceSaid() async throws {
        let data = try TemporaryDirectory("provenance-recording")
        let store = try DataStore(root: data.url)
        let controller = DataController(source: OscillatorSource(configuration: .init(pacing: .asFastAsPossible)))
        let asked = Provenance(scriptedParticipant: true, speed: 20, commandLine: ["study-recorder", "run", "--auto"])
        let recording = try await RecordingInProgress.start(
            store: store, controller: controller, request: RecordingRequest(participant: UUID().uuidString, duration: 1, provenance: asked))
        try await controller.start()
        let item = try await recording.result()
        await controller.stop()
        let reader = try RecordingReader(url: store.url(of: item.path))
        let stored = try #require(reader.provenance)
        #expect(stored == Provenance(source: .oscillator, scriptedParticipant: true, speed: 20, commandLine: ["study-recorder", "run", "--auto"]))
        #expect(stored.isDemonstration && stored.demonstrationReason == "scripted participant, oscillator, 20x speed")
        #expect(reader.descriptor.origin == .oscillator)
    }

    @Test func aRecordingRebuiltFromItsJournalKeepsItsProvenance() async throws {
        let dir = try TemporaryDirectory("provenance-recover")
        let store = try DataStore(root: dir.url)
        let participant = "0C4E3F6A-1111-4A2B-8C3D-123456789ABC"
        let url = try store.unusedURL(
            participant: participant, fileName: FileNaming.recording(paradigm: "rest", day: 1, session: 2, run: 3, participant: participant))
        let provenance = Provenance(
            source: .simulatedHeadband, speed: 4, decoderVersion: "muse-classic/1", commandLine: ["study-recorder", "record"])
        let meta = RecordingMetadata(
            participant: participant, study: "s", day: 1, session: 2, run: 3, paradigm: Paradigm(title: "rest"),
            source: OscillatorConfiguration().descriptor, provenance: provenance)
        try store.catalog.insert(
            CatalogItem(
                kind: .recording, path: store.relativePath(of: url), participant: participant, title: "rest", day: 1, session: 2, run: 3,
                state: .writing, outcome: .incomplete(reason: nil)))
        var generator = OscillatorGenerator(configuration: .init(seed: 1, startTime: 50))
        do {
            let writer = try RecordingWriter(url: url, metadata: meta)
            try writer.append(generator.next(512)[0])
            try writer.flush()
        }  // abandoned, as by a killed process
        #expect(await Recovery.run(store: store).rebuilt.count == 1)
        #expect(try RecordingReader(url: url).provenance == provenance)
    }

    @Test func aFileWithoutTheGroupHasNoProvenance() throws {
        let dir = try TemporaryDirectory("provenance-none")
        let url = dir.path("r.h5")
        let writer = try RecordingWriter(url: url, metadata: RecordingMetadata(participant: "P", source: OscillatorConfiguration().descriptor))
        var generator = OscillatorGenerator(configuration: .init(seed: 1, startTime: 50))
        try writer.append(generator.next(256)[0])
        _ = try writer.finish(.complete)
        writer.removeJournal()
        #expect(try RecordingReader(url: url).provenance == nil)
    }

    @Test func theCommandLineLeavesOutValuesThatIdentifyAPerson() {
        let line = Provenance.redacting([
            "/usr/local/bin/study-recorder", "enroll", "Studies/x", "--name", "Ada Lovelace", "--helper=Bob Helper", "--auto", "--data",
            "/home/ada.lovelace/study-data", "--device", "unix:/tmp/ada/muse.sock", "--answers=/home/ada/answers.json", "--speed", "20",
        ])
        #expect(
            line == [
                "study-recorder", "enroll", "…/x", "--name", "(left out)", "--helper=(left out)", "--auto", "--data", "…/study-data", "--device",
                "unix:…/muse.sock", "--answers=…/answers.json", "--speed", "20",
            ])
        #expect(!line.joined(separator: " ").contains("ada") && !line.joined(separator: " ").contains("Ada"))
        #expect(Provenance.redacting(["study-recorder", "enroll", "--name"]) == ["study-recorder", "enroll", "--name"])
    }

    @Test func onlyScriptedOrSimulatedItemsAreDemonstrationData() {
        #expect(!Provenance(source: .headband).isDemonstration)
        #expect(!Provenance(source: .other).isDemonstration)
        #expect(!Provenance().isDemonstration)
        #expect(Provenance(scriptedParticipant: true).demonstrationReason == "scripted participant")
        for origin in [SignalOrigin.simulatedHeadband, .replayedCapture, .replay, .oscillator] {
            #expect(Provenance(source: origin).demonstrationReason == origin.rawValue)
        }
        #expect(Provenance(source: .oscillator, speed: 0).demonstrationReason == "oscillator, as fast as possible")
    }

    @Test func recordsCarryTheirProvenanceAsAJSONObject() throws {
        var record = QuestionnaireRecord(
            title: "q", participant: "P", day: 1, session: 0, run: 1, locale: "en", started: Date(timeIntervalSince1970: 0),
            finished: Date(timeIntervalSince1970: 1), answers: [])
        record.provenance = Provenance(scriptedParticipant: true, speed: 20)
        let data = try JSONEncoder().encode(record)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let p = try #require(object["provenance"] as? [String: Any])
        #expect(
            p["scriptedParticipant"] as? Bool == true && p["speed"] as? Double == 20
                && p["softwareVersion"] as? String == ProductVersion.current)
        #expect(try JSONDecoder().decode(QuestionnaireRecord.self, from: data) == record)
        var table = TrialTable(
            study: "s", participant: "P", day: 1, session: 1, run: 1, block: 1, recording: "r.h5", outcome: .complete, medianCorrectLatencyMs: nil,
            trials: [])
        table.provenance = Provenance(source: .oscillator, scriptedParticipant: true)
        #expect(try TrialTable(json: try JSONEncoder().encode(table)).provenance == table.provenance)
    }
}
