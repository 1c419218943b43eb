import Foundation
import Storage
import TestSupport
import Testing

/// `export` end to end: recordings made by the CLI's own `record` (oscillator with dropouts), exported
/// by the built binary, read back with MNE; the command's refusals and exit codes.
@Suite(.tags(.process, .python))
struct ExportCommandTests {
    /// Records 20 s with dropouts and returns the data folder and the item's catalog path.
    static func record(in dir: TemporaryDirectory, seconds: Int = 20, dropouts: Int = 10, seed: Int = 4) throws -> (data: URL, item: String) {
        let data = dir.path("data")
        let recorded = try CLI.run([
            "record", "--data", data.path, "--duration", "\(seconds)s", "--speed", "0", "--dropouts", "\(dropouts)", "--seed", "\(seed)", "--json",
        ])
        #expect(recorded.status == 0, "\(recorded.stderr)")
        let item = try #require(try JSONSerialization.jsonObject(with: Data(recorded.stdout.utf8)) as? [String: Any])
        return (data, try #require(item["path"] as? String))
    }

    /// Every file below `folder` with its size, to prove the data folder is left as it was.
    static func listing(_ folder: URL) -> [String: Int] {
        var out: [String: Int] = [:]
        let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.fileSizeKey])
        while let url = walker?.nextObject() as? URL {
            if url.lastPathComponent.hasPrefix("catalog.sqlite") { continue }
            out[url.path] = (try? url.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? -1
        }
        return out
    }

    @Test func edfExportOfARecordedSessionReadsBackInMNEWithItsGaps() throws {
        let dir = try TemporaryDirectory("cli-export-edf")
        let (data, item) = try Self.record(in: dir)
        let before = Self.listing(data)
        let out = dir.path("exports")
        let result = try CLI.run(["export", "--data", data.path, item, "--format", "edf", "--out", out.path, "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        struct Output: Decodable {
            struct Item: Decodable {
                struct EDF: Decodable { var gapCount: Int; var variant: String; var clippedValues: Int }
                var item: String; var files: [String]; var edf: EDF?
            }
            var folder: String; var items: [Item]
        }
        let output = try JSONDecoder().decode(Output.self, from: Data(result.stdout.utf8))
        let exported = try #require(output.items.first)
        #expect(exported.item == item && exported.edf?.variant == "EDF+C" && (exported.edf?.gapCount ?? 0) > 0)
        let edf = URL(fileURLWithPath: output.folder).appendingPathComponent(try #require(exported.files.first))
        let check = """
            import sys, json, warnings, h5py, numpy as np, mne
            warnings.simplefilter('ignore')
            f = h5py.File(sys.argv[1], 'r'); data = f['Recording/Data'][()]
            raw = mne.io.read_raw_edf(sys.argv[2], preload=True, verbose='error')
            m = raw.get_data().T[:data.shape[0]] * 1e6; ok = ~np.isnan(data)
            codes = f['Events/Code'][()]; samples = f['Events/SampleIndex'][()]
            skips = sorted(round(a['onset'] * 256) for a in raw.annotations if a['description'] == 'BAD_ACQ_SKIP')
            print(json.dumps({'error': float(np.abs(m[ok] - data[ok]).max()), 'skips': skips,
                              'gaps': sorted(int(s) for s, c in zip(samples, codes) if c == -1)}))
            """
        struct Check: Decodable { var error: Double; var skips: [Int]; var gaps: [Int] }
        let back = try PythonTool.json(Check.self, script: check, arguments: [data.appendingPathComponent(item).path, edf.path])
        #expect(back.error <= 2000 / 65535.0 / 2 + 1e-9)
        #expect(back.skips == back.gaps && !back.gaps.isEmpty)
        #expect(Self.listing(data) == before, "nothing in the data folder changed")
        // Recovery and list see no export.
        #expect(try CLI.run(["recover", "--data", data.path]).status == 0)
        #expect(!(try CLI.run(["list", "--data", data.path]).stdout.contains(".edf")))
    }

    /// A simulated Muse with a lost block: the EDF is scaled to the headband's ±1000 µV (not the data)
    /// and the lost block is a BAD_ACQ_SKIP span of its 12 samples.
    @Test func aHeadbandRecordingExportsAtTheDeviceRange() throws {
        let headband = try MuseCLITests.Headband(["--drop-blocks", "30"], speed: 20)
        let dir = try TemporaryDirectory("cli-export-muse")
        let data = dir.path("data")
        let recorded = try CLI.run([
            "record", "--source", "muse", "--device", headband.device, "--speed", "20", "--duration", "6s", "--data", data.path, "--json",
        ])
        #expect(recorded.status == 0, "\(recorded.stderr)")
        let item = try #require(try JSONSerialization.jsonObject(with: Data(recorded.stdout.utf8)) as? [String: Any])
        let path = try #require(item["path"] as? String)
        let result = try CLI.run(["export", "--data", data.path, path, "--format", "edf", "--out", dir.path("out").path])
        #expect(result.status == 0, "\(result.stderr)")
        let edf = try #require(try FileManager.default.contentsOfDirectory(atPath: dir.path("out").path).first { $0.hasSuffix(".edf") })
        let check = """
            import sys, json, warnings, h5py, numpy as np, mne, pyedflib
            warnings.simplefilter('ignore')
            d = h5py.File(sys.argv[1], 'r')['Recording/Data'][()]; ok = ~np.isnan(d)
            raw = mne.io.read_raw_edf(sys.argv[2], preload=True, verbose='error')
            m = raw.get_data().T[:d.shape[0]] * 1e6
            r = pyedflib.EdfReader(sys.argv[2])
            print(json.dumps({'error': float(np.abs(m[ok] - d[ok]).max()), 'min': r.getPhysicalMinimum(0), 'max': r.getPhysicalMaximum(0),
                              'data_max': float(np.nanmax(np.abs(d))),
                              'skips': [[round(a['onset'] * 256), round(a['duration'] * 256)] for a in raw.annotations if a['description'] == 'BAD_ACQ_SKIP']}))
            """
        struct Check: Decodable { var error: Double; var min: Double; var max: Double; var data_max: Double; var skips: [[Int]] }
        let back = try PythonTool.json(Check.self, script: check, arguments: [data.appendingPathComponent(path).path, dir.path("out/\(edf)").path])
        #expect(back.min == -1000 && back.max == 999.5118 && back.data_max < 999, "the device's range, not the data's")
        #expect(back.error <= 1999.5118 / 65535 / 2 + 1e-9, "\(back.error)")
        #expect(back.skips.first == [360, 12], "\(back.skips)")
    }

    @Test func refusalsHaveOneLineAndSysexitsCodes() throws {
        let dir = try TemporaryDirectory("cli-export-bad")
        let (data, item) = try Self.record(in: dir, seconds: 3, dropouts: 0)
        let inside = try CLI.run(["export", "--data", data.path, item, "--format", "edf", "--out", data.appendingPathComponent("exports").path])
        #expect(inside.status == 64 && inside.stderr.contains("data folder") && inside.stderr.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: data.appendingPathComponent("exports").path))
        let unknown = try CLI.run(["export", "--data", data.path, "nobody/r_x.h5", "--format", "csv", "--out", dir.path("o1").path])
        #expect(unknown.status == 66 && unknown.stderr.contains("nobody/r_x.h5") && unknown.stderr.split(separator: "\n").count == 1)

        // A catalogued file that is not a recording: 65, naming the file.
        let store = try DataStore(root: data)
        let bogus = "\(UUID().uuidString)/r_bogus.h5"
        try FileManager.default.createDirectory(at: data.appendingPathComponent(bogus).deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("not hdf5".utf8).write(to: data.appendingPathComponent(bogus))
        try store.catalog.insert(CatalogItem(kind: .recording, path: bogus, participant: "x", state: .pending))
        let foreign = try CLI.run(["export", "--data", data.path, bogus, "--format", "edf", "--out", dir.path("o2").path])
        #expect(foreign.status == 65 && foreign.stderr.contains("r_bogus.h5") && foreign.stderr.split(separator: "\n").count == 1)

        // Exports never overwrite: the same export again completes with the same bytes; a file of
        // other bytes under the name is refused (73) and kept.
        #expect(try CLI.run(["export", "--data", data.path, item, "--format", "edf", "--out", dir.path("o3").path]).status == 0)
        let exported = try #require(try FileManager.default.contentsOfDirectory(atPath: dir.path("o3").path).first { $0.hasSuffix(".edf") })
        let edf = dir.path("o3").appendingPathComponent(exported)
        let bytes = try Data(contentsOf: edf)
        let same = try CLI.run(["export", "--data", data.path, item, "--format", "edf", "--out", dir.path("o3").path])
        let after = try Data(contentsOf: edf)
        #expect(same.status == 0 && after == bytes, "\(same.stderr)")
        try FileManager.default.removeItem(at: edf)
        try Data("another file".utf8).write(to: edf)
        let again = try CLI.run(["export", "--data", data.path, item, "--format", "edf", "--out", dir.path("o3").path])
        #expect(again.status == 73 && again.stderr.contains("exists already"), "\(again.stderr)")
        #expect(try String(contentsOf: edf, encoding: .utf8) == "another file")

        #expect(try CLI.run(["export", "--data", data.path, "--format", "edf"]).status == 64)
        let help = try CLI.run(["export", "--help"])
        #expect(help.status == 0 && help.stdout.contains("--format") && help.stdout.contains("BAD_ACQ_SKIP"))
    }

    /// An encrypted recording exports with --gnupg-home holding the secret key; without it: one line
    /// naming the file and exit 77.
    @Test func encryptedItemsNeedTheSecretKey() throws {
        let dir = try TemporaryDirectory("cli-export-gpg")
        let (data, item) = try Self.record(in: dir, seconds: 3, dropouts: 0)
        let gpg = try GPGTestHome()
        let fingerprint = try gpg.generateKey()
        let plain = data.appendingPathComponent(item)
        try gpg.run(["--trust-model", "always", "--recipient", fingerprint, "--output", plain.path + ".gpg", "--encrypt", plain.path])
        try FileManager.default.removeItem(at: plain)
        let store = try DataStore(root: data)
        let stored = try #require(try store.catalog.item(path: item))
        _ = try store.catalog.update(id: stored.id) {
            $0.path = item + ".gpg"; $0.encryption = .openpgp
        }

        let empty = dir.path("empty-home")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        defer { GPGTestHome.stopAgent(home: empty) }
        let refused = try CLI.run([
            "export", "--data", data.path, item + ".gpg", "--format", "edf", "--out", dir.path("o1").path, "--gnupg-home", empty.path,
        ])
        #expect(refused.status == 77 && refused.stderr.contains(".h5.gpg") && refused.stderr.split(separator: "\n").count == 1, "\(refused.stderr)")
        let done = try CLI.run([
            "export", "--data", data.path, item + ".gpg", "--format", "edf", "--out", dir.path("o2").path, "--gnupg-home", gpg.url.path,
        ])
        #expect(done.status == 0, "\(done.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path("o2").path).filter { $0.hasSuffix(".edf") }.count == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path("o2").path).allSatisfy { !$0.hasPrefix(".decrypted") })
        let leftovers =
            FileManager.default.enumerator(atPath: data.path)?.allObjects.compactMap { $0 as? String }.filter { $0.hasSuffix(".h5") } ?? []
        #expect(leftovers.isEmpty, "no plaintext in the data folder: \(leftovers)")
    }

    @Test func allAndParticipantExportEveryRecordingAsCSVAndBIDS() throws {
        let dir = try TemporaryDirectory("cli-export-all")
        let (data, item) = try Self.record(in: dir, seconds: 4, dropouts: 0)
        let participant = String(item.split(separator: "/").first ?? "")
        let csv = try CLI.run(["export", "--data", data.path, "--participant", participant, "--format", "csv", "--out", dir.path("csv").path])
        #expect(csv.status == 0, "\(csv.stderr)")
        let stem = String(item.split(separator: "/").last?.dropLast(3) ?? "")
        #expect(FileManager.default.fileExists(atPath: dir.path("csv/\(stem)/eeg.csv").path))
        let bids = try CLI.run([
            "export", "--data", data.path, "--all", "--format", "bids", "--include-simulated", "--out", dir.path("bids").path, "--json",
        ])
        #expect(bids.status == 0, "\(bids.stderr)")
        #expect((try? JSONSerialization.jsonObject(with: Data(bids.stdout.utf8))) != nil, "--json prints only JSON on stdout")
        #expect(FileManager.default.fileExists(atPath: dir.path("bids/dataset_description.json").path))
        #expect(FileManager.default.fileExists(atPath: dir.path("bids/sourcedata").path))
    }

    /// `--study` hands the study file to the BIDS export: the dataset is named after the study; a
    /// study folder that does not load is refused before anything is exported.
    @Test func studyNamesTheBIDSDataset() throws {
        let dir = try TemporaryDirectory("cli-export-study")
        let (data, _) = try Self.record(in: dir, seconds: 2, dropouts: 0)
        let study = ProjectPaths.root.appendingPathComponent("Studies/reaction-time").path
        let bids = try CLI.run([
            "export", "--data", data.path, "--all", "--format", "bids", "--include-simulated", "--study", study, "--out", dir.path("bids").path,
        ])
        #expect(bids.status == 0, "\(bids.stderr)")
        let description = try JSONSerialization.jsonObject(with: Data(contentsOf: dir.path("bids/dataset_description.json"))) as? [String: Any]
        #expect(description?["Name"] as? String == "Reaction time")
        let missing = try CLI.run([
            "export", "--data", data.path, "--all", "--format", "bids", "--study", dir.path("nowhere").path, "--out", dir.path("b2").path,
        ])
        #expect(missing.status == 66, "\(missing.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.path("b2/dataset_description.json").path))
    }
}
