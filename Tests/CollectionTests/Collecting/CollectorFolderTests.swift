import Collection
import Foundation
import Storage
import Study
import TestSupport
import Testing
import Transfer

/// The collector reading a local copy of a study's upload folder (what a lab syncs with its own
/// tools): what it leaves waiting, what it lists as a problem, and that a second run fetches nothing
/// it has already looked at. The end-to-end runs against Apache are `CollectCommandTests`.
@Suite struct CollectorFolderTests {
    static func study() throws -> StudyDefinition {
        try StudyLoader.load(folder: ProjectPaths.root.appendingPathComponent("Studies/reaction-time"))
    }

    /// Writes `bytes` as `<folder>/<participant>/<name>` and, unless `manifest` is nil, its manifest
    /// beside it with `manifest` applied.
    static func place(
        _ bytes: Data, name: String, participant: String, in folder: URL, kind: ItemKind = .recording,
        manifest change: ((inout UploadManifest) -> Void)? = { _ in }
    ) throws {
        let dir = folder.appendingPathComponent(participant)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let file = dir.appendingPathComponent(name)
        try bytes.write(to: file)
        guard let change else { return }
        let item = CatalogItem(
            kind: kind, path: "\(participant)/\(name)", participant: participant, study: "reaction-time", title: "rest", day: 1, session: 1, run: 1,
            size: Int64(bytes.count), sha256: try SHA256.hex(ofFile: file), state: .transmitted)
        var manifest = UploadManifest(item: item, uploaded: .init(name: name, size: item.size, sha256: item.sha256 ?? "", encrypted: false))
        change(&manifest)
        try manifest.encoded().write(to: dir.appendingPathComponent(name + UploadManifest.suffix))
    }

    @Test func itemsWithoutAManifestWaitAndBadOnesAreProblemsListedAgainWithoutFetching() async throws {
        let dir = try TemporaryDirectory("collect-folder")
        let uploads = dir.path("uploads")
        let p1 = UUID().uuidString, p2 = UUID().uuidString, p3 = UUID().uuidString
        try Self.place(Data("still arriving".utf8), name: "r_rest_1_1_1_\(p1).h5", participant: p1, in: uploads, manifest: nil)
        try Self.place(Data("{}".utf8), name: "q_mood_1_1_2_\(p1).json", participant: p1, in: uploads, kind: .questionnaire) { $0.study = "another-study" }
        try Self.place(Data("recording".utf8), name: "r_rest_1_1_1_\(p2).h5", participant: p2, in: uploads) { $0.uploaded.sha256 = String(repeating: "0", count: 64) }
        try Self.place(Data("no HDF5".utf8), name: "r_rest_1_1_1_\(p3).h5", participant: p3, in: uploads)
        try Self.place(Data("consent".utf8), name: "c_reaction-time_\(p3).json", participant: p3, in: uploads, kind: .consent)
        let out = dir.path("dataset")
        let collector = Collector(source: .folder(uploads), study: try Self.study(), out: out)
        let report = try await collector.run()
        #expect(report.waiting == ["\(p1)/r_rest_1_1_1_\(p1).h5"])
        #expect(report.consentKeptSealed == 1)
        let reasons = Dictionary(uniqueKeysWithValues: report.problems.map { ($0.remote, $0.reason) })
        #expect(
            reasons == [
                "\(p1)/q_mood_1_1_2_\(p1).json": .otherStudy, "\(p2)/r_rest_1_1_1_\(p2).h5": .checksum, "\(p3)/r_rest_1_1_1_\(p3).h5": .notOurs,
            ], "\(report.problems)")
        #expect(report.collected.isEmpty && report.exported.isEmpty)
        // Nothing bad is kept, the consent never copied, and no dataset published from nothing.
        let mirror = out.appendingPathComponent(".collect/mirror")
        for p in [p2, p3] {
            let kept = (try? FileManager.default.contentsOfDirectory(atPath: mirror.appendingPathComponent(p).path)) ?? []
            #expect(kept.isEmpty, "\(kept)")
        }
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("dataset_description.json").path))
        // The state says what was looked at; the next run lists the same problems and fetches nothing.
        let state = try CollectionState.load(out.appendingPathComponent(".collect/state.json"))
        #expect(state.entries.count == 4)
        let again = try await collector.run()
        #expect(again.unchanged == 4 && again.collected.isEmpty)
        #expect(Set(again.problems.map(\.remote)) == Set(reasons.keys))
        // A file replaced on the server (fixed) is looked at again.
        try Self.place(Data("recording, fixed".utf8), name: "r_rest_1_1_1_\(p2).h5", participant: p2, in: uploads) { $0.study = "another-study" }
        let third = try await collector.run()
        #expect(third.unchanged == 3)
        #expect(third.problems.first { $0.remote == "\(p2)/r_rest_1_1_1_\(p2).h5" }?.reason == .otherStudy)
    }

    @Test func aStateFileThatIsNoneIsRefusedNotOverwritten() throws {
        let dir = try TemporaryDirectory("collect-state")
        let file = dir.path("state.json")
        try Data("not json".utf8).write(to: file)
        #expect(throws: CollectionError.self) { try CollectionState.load(file) }
        #expect(try String(contentsOf: file, encoding: .utf8) == "not json")
        var state = CollectionState()
        state.entries["P/x.h5"] = CollectionState.Entry(fingerprint: .init(itemSize: 3, itemETag: "\"e\""), item: "id", done: true, problem: nil)
        try state.save(to: dir.path("saved.json"))
        #expect(try CollectionState.load(dir.path("saved.json")) == state)
    }

    @Test func aRecordingItsCheckKeepsOutNumbersNoneOfItsParticipantsOthers() async throws {
        let dir = try TemporaryDirectory("collect-kept-out")
        let p = UUID().uuidString
        let made = dir.path("made")
        try FileManager.default.createDirectory(at: made, withIntermediateDirectories: true)
        let alone = StudyOverviewFileTests.Uploads(root: dir.path("alone"))
        try alone.recording(participant: p, day: 2, session: 3, run: 2, grades: [[1, 1, 1, 1]], outcome: .complete, in: made)
        // The same upload plus a file that is no recording, catalogued as the participant's day 1: had
        // it stayed in the catalog while the real one was exported, that one would be `ses-2`. Its
        // name sorts after the real one's, so only checking the participant's recordings before the
        // first export keeps it from numbering it.
        let both = StudyOverviewFileTests.Uploads(root: dir.path("both"))
        try FileManager.default.copyItem(at: alone.root, to: both.root)
        try both.place(Data("no HDF5".utf8), name: "r_zz_1_1_1_\(p).h5", participant: p, kind: .recording, day: 1, session: 1)
        let study = try Self.study()
        let one = try await Collector(source: .folder(alone.root), study: study, out: dir.path("one")).run()
        let two = try await Collector(source: .folder(both.root), study: study, out: dir.path("two")).run()
        #expect(one.problems.isEmpty && one.exported.count == 1)
        #expect(two.problems.map(\.reason) == [.notOurs] && two.exported.count == 1, "\(two.problems)")
        #expect(two.collected == one.collected)
        #expect(!FileManager.default.fileExists(atPath: dir.path("two/.collect/mirror/\(p)/r_zz_1_1_1_\(p).h5").path))
        // The same dataset either way (the overview aside: it lists the problem).
        func dataset(_ out: URL) throws -> [String: Data] {
            var files: [String: Data] = [:]
            for path in try FileManager.default.subpathsOfDirectory(atPath: out.path) where !path.hasPrefix(".collect") && path != "overview.html" {
                var folder: ObjCBool = false
                let url = out.appendingPathComponent(path)
                guard FileManager.default.fileExists(atPath: url.path, isDirectory: &folder), !folder.boolValue else { continue }
                files[path] = try Data(contentsOf: url)
            }
            return files
        }
        let expected = try dataset(dir.path("one"))
        #expect(expected.keys.contains { $0.contains("ses-1") && $0.hasSuffix("_eeg.edf") }, "\(expected.keys.sorted())")
        #expect(try dataset(dir.path("two")) == expected)
    }

    @Test func aStateFileOfTheEarlierLayoutIsReadAndTheNewOneIsOneJSONObjectAnEntryALine() throws {
        let dir = try TemporaryDirectory("collect-state-layout")
        let earlier = dir.path("earlier.json")
        // As the previous version wrote it: the whole state in one pretty-printed encoding.
        try Data(
            """
            {
              "entries" : {
                "P/r.h5" : {
                  "done" : false,
                  "fingerprint" : {
                    "itemETag" : "\\"e\\"",
                    "itemSize" : 3
                  },
                  "item" : "id",
                  "sha256" : "abc"
                }
              },
              "formatVersion" : 1
            }
            """.utf8
        ).write(to: earlier)
        var state = try CollectionState.load(earlier)
        #expect(
            state.entries == [
                "P/r.h5": CollectionState.Entry(
                    fingerprint: .init(itemSize: 3, itemETag: "\"e\""), item: "id", done: false, problem: nil, sha256: "abc")
            ])
        state.entries["P/q \"1\".json"] = CollectionState.Entry(
            fingerprint: .init(itemSize: 5), item: nil, done: false,
            problem: CollectionProblem(remote: "P/q \"1\".json", reason: .checksum, detail: "a \"quoted\"\nline"), plaintextSHA256: "def")
        let saved = dir.path("saved.json")
        try state.save(to: saved)
        #expect(try CollectionState.load(saved) == state)
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: saved)) as? [String: Any]
        #expect((object?["entries"] as? [String: Any])?.count == 2 && object?["formatVersion"] as? Int == 1)
        #expect(try String(contentsOf: saved, encoding: .utf8).split(separator: "\n").count == 4)
    }

    @Test func aManifestNameLeadsToItsItem() {
        #expect(UploadManifest.itemName(ofManifest: "r.h5.gpg.manifest.json.gpg") == "r.h5.gpg")
        #expect(UploadManifest.itemName(ofManifest: "r.h5.manifest.json") == "r.h5")
        #expect(UploadManifest.itemName(ofManifest: "q.json.asc.manifest.json.asc") == "q.json.asc")
        #expect(UploadManifest.itemName(ofManifest: "r.h5") == nil)
        #expect(UploadManifest.fileName(beside: "r.h5.gpg", encryptionExtension: "gpg") == "r.h5.gpg.manifest.json.gpg")
    }

    @Test func connectionsOutsideOneToSixteenAndAConsentFolderInsideTheDatasetAreRefused() async throws {
        let dir = try TemporaryDirectory("collect-refused")
        let study = try CollectorFolderTests.study()
        for connections in [0, 17] {
            var collector = Collector(source: .folder(dir.path("uploads")), study: study, out: dir.path("dataset"))
            collector.connections = connections
            await #expect(throws: CollectionError.self) { try await collector.run() }
        }
        var collector = Collector(source: .folder(dir.path("uploads")), study: study, out: dir.path("dataset"))
        collector.consentFolder = dir.path("dataset/consent")
        await #expect(throws: CollectionError.consentInsideDataset(folder: dir.path("dataset/consent").path, dataset: dir.path("dataset").path)) {
            try await collector.run()
        }
        #expect(!FileManager.default.fileExists(atPath: dir.path("dataset").path))
    }
}
