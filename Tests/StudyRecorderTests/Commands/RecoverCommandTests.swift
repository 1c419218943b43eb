import DataSources
import Foundation
import TestSupport
import Testing

@testable import Storage

#if canImport(Glibc)
import Glibc
#endif

@Suite(.tags(.process, .python))
struct RecoverCommandTests {
    /// Starts a real-time recording in a real process, kills it with SIGKILL mid-recording, and checks
    /// that `recover` turns the remains into a valid file missing at most the last second.
    @Test func killedRecordingLosesAtMostTheLastSecond() async throws {
        let dir = try TemporaryDirectory("cli-kill")
        let process = Process()
        process.executableURL = try CLI.binary()
        process.arguments = ["record", "--data", dir.url.path, "--duration", "60s", "--seed", "21", "--signal", "mynd"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.runWithTerminationSignals()
        // Wait until the recording is under way, then until its journal holds about three seconds.
        // Both waits hold this thread: on a loaded machine an async wait can be starved for longer than
        // the whole recording by tests blocked in child processes.
        let journal = FileWaiter.firstBlocking(withExtension: "journal", below: dir.url)
        let journalURL = try #require(journal)
        #expect(FileWaiter.untilSize(of: journalURL, atLeast: 40_000, timeout: 30))
        kill(process.processIdentifier, SIGKILL)
        let killedAt = Date().timeIntervalSince1970
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)

        let result = try CLI.run(["recover", "--data", dir.url.path, "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("rebuilt"))
        let final = URL(fileURLWithPath: String(journalURL.path.dropLast(".journal".count)))
        #expect(!FileManager.default.fileExists(atPath: journalURL.path))

        // Read back with h5py (a reader that knows nothing of our code), then compare with the oscillator.
        let check = """
            import h5py, json, sys
            f = h5py.File(sys.argv[1], 'r')
            r = f['Recording']
            print(json.dumps({'n': r['Data'].shape[0], 'first_us': int(r['TimeStamp'][0, 0]), 'complete': int(r.attrs['Complete'])}))
            """
        struct Info: Decodable { var n: Int; var first_us: Int64; var complete: Int }
        let info = try PythonTool.json(Info.self, script: check, arguments: [final.path])
        let recordedUntil = Double(info.first_us) / 1e6 + Double(info.n) / 256
        #expect(killedAt - recordedUntil <= 1.0 + 0.25, "lost \(killedAt - recordedUntil) s")
        #expect(info.n >= 256 * 2)
        #expect(info.complete == 0)
        let reader = try RecordingReader(url: final)
        var generator = OscillatorGenerator(configuration: .init(mode: .mynd, seed: 21))
        #expect(try reader.readBlock(from: 0, count: info.n).values == generator.next(info.n)[0].values)
        let store = try DataStore(root: dir.url)
        let item = try #require(try store.catalog.item(path: store.relativePath(of: final)))
        #expect(item.state == .pending && !item.outcome.isComplete)
    }

    /// Starting another recording runs recovery first.
    /// A `recover` killed after putting the rebuilt file in place, before removing what it replaced,
    /// leaves the journal, the crashed recording's `.partial` and its own staging file; the next
    /// `recover` removes them all.
    @Test func aRecoveryKilledMidWayLeavesNoOrphanPartial() throws {
        let dir = try TemporaryDirectory("cli-recover-orphans")
        let recorded = try CLI.run(["record", "--data", dir.url.path, "--duration", "1s", "--speed", "0", "--json"])
        let item = try JSONDecoder.iso.decode(CatalogItem.self, from: Data(recorded.stdout.utf8))
        let store = try DataStore(root: dir.url)
        let final = store.url(of: item.path)
        let leftovers = [".journal", ".partial", ".recovering", ".recovering.partial"].map { URL(fileURLWithPath: final.path + $0) }
        for url in leftovers { try Data("leftover".utf8).write(to: url) }
        let result = try CLI.run(["recover", "--data", dir.url.path])
        #expect(result.status == 0, "\(result.stdout) \(result.stderr)")
        for url in leftovers { #expect(!FileManager.default.fileExists(atPath: url.path), "\(url.lastPathComponent) is left") }
        #expect(try RecordingReader(url: final).sampleCount > 0)
        #expect(try store.catalog.item(id: item.id)?.state == .pending)
        // A `.partial` whose recording has no journal and no finished file is not ours to judge: kept.
        let unknown = URL(fileURLWithPath: final.deletingLastPathComponent().path + "/r_x_1_1_9_P.h5.partial")
        try Data("?".utf8).write(to: unknown)
        _ = try CLI.run(["recover", "--data", dir.url.path])
        #expect(FileManager.default.fileExists(atPath: unknown.path))
    }

    @Test func nextStartRecoversToo() throws {
        let dir = try TemporaryDirectory("cli-next")
        let store = try DataStore(root: dir.url)
        let url = try store.unusedURL(participant: "P", fileName: "r_x_1_1_1_P.h5")
        do {
            let writer = try RecordingWriter(url: url, metadata: RecordingMetadata(participant: "P", source: OscillatorConfiguration().descriptor))
            var generator = OscillatorGenerator(configuration: .init())
            try writer.append(generator.next(512)[0])
            try writer.flush()
        }
        let result = try CLI.run([
            "record", "--data", dir.url.path, "--duration", "1s", "--speed", "0", "--participant", "5B1C9A7E-2D3F-4E5A-8B6C-7D8E9F0A1B2C",
        ])
        #expect(result.status == 0)
        #expect(result.stderr.contains("recovered P/r_x_1_1_1_P.h5"))
        #expect(try RecordingReader(url: url).sampleCount == 512)
    }

    /// A recorder process and a second process (this test, plus repeated `list` runs) use the catalog at
    /// the same time; nothing fails and every change lands.
    ///
    /// The loop holds its thread (a synchronous test, `usleep`). Failure mode seen under load (suites
    /// in parallel, load ~10): it slept with `Task.sleep`, whose wake-ups waited for a free thread of
    /// the cooperative pool (2 threads on 2 cores) while other tests held them blocked on child
    /// processes, so the loop ran 2–10 times in the recorder's 4 s (reproduced 3 of 3 loaded runs:
    /// "inserted 2, listings 0", "inserted 5", "inserted 10, listings 1"), not because the catalog
    /// was slow to share.
    @Test func recorderAndSecondProcessShareTheCatalog() throws {
        let dir = try TemporaryDirectory("cli-shared")
        let store = try DataStore(root: dir.url)
        let recorder = Process()
        recorder.executableURL = try CLI.binary()
        recorder.arguments = [
            "record", "--data", dir.url.path, "--duration", "8s", "--speed", "2", "--participant", "5B1C9A7E-2D3F-4E5A-8B6C-7D8E9F0A1B2C",
        ]
        recorder.standardOutput = FileHandle.nullDevice
        try recorder.runWithTerminationSignals()
        var inserted = 0
        var listings = 0
        while recorder.isRunning {
            try store.catalog.insert(
                CatalogItem(kind: .questionnaire, path: "Q/q_\(inserted).json", participant: "Q", run: inserted, state: .pending))
            inserted += 1
            _ = try store.catalog.claimDue(owner: "test", limit: 1)
            if inserted % 10 == 0 {
                let listed = try CLI.run(["list", "--data", dir.url.path, "--json"])
                #expect(listed.status == 0)
                listings += 1
            }
            usleep(5_000)
        }
        recorder.waitUntilExit()
        #expect(recorder.terminationStatus == 0)
        #expect(inserted > 10 && listings >= 1, "inserted \(inserted), listings \(listings)")
        let items = try store.catalog.items()
        #expect(items.filter { $0.kind == .questionnaire }.count == inserted)
        // The recording is stored (this process's claims may already have taken it for "upload").
        let recordings = items.filter { $0.kind == .recording }
        #expect(recordings.count == 1)
        #expect(recordings.allSatisfy { $0.state != .writing && $0.outcome.isComplete && $0.size > 0 })
    }
}
