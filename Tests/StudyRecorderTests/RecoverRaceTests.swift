import DataSources
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import Storage

/// Two processes recovering one data folder at once (`recover` while `upload` or `record` recovers
/// first), and a catalog entry whose size no longer matches its file.
///
/// Failure mode before the recovery lock (issue 20): both processes replayed the same journal into the
/// same staging file; in 4 of 6 trials one exited 1 with a false "could not be recovered", and once
/// the catalog kept the size of the file that lost, so the upload refused the item forever.
@Suite(.tags(.process))
struct RecoverRaceTests {
    /// Leaves a crashed recording of `seconds` of signal in `store`: its journal and `.partial`, no
    /// live writer (the writer is dropped without finishing, which releases the journal's lock).
    static func crashedRecording(in store: DataStore, run: Int, seconds: Int) throws -> URL {
        let url = try store.unusedURL(participant: "P", fileName: "r_rest_1_1_\(run)_P.h5")
        let writer = try RecordingWriter(
            url: url, metadata: RecordingMetadata(participant: "P", run: run, source: OscillatorConfiguration().descriptor))
        var generator = OscillatorGenerator(configuration: .init(seed: UInt64(run)))
        for _ in 0..<seconds { try writer.append(generator.next(256)[0]) }
        try writer.flush()
        return url
    }

    /// Runs `recover` twice at the same moment, as two processes.
    static func twoRecoveries(_ data: URL) throws -> [ProcessResult] {
        let binary = try CLI.binary()
        let results = Mutex<[ProcessResult?]>([nil, nil])
        DispatchQueue.concurrentPerform(iterations: 2) { i in
            let result = try? ProcessRunner.run(binary, ["recover", "--data", data.path])
            results.withLock { $0[i] = result }
        }
        return try results.withLock { try $0.map { try #require($0) } }
    }

    @Test func twoRecoveriesOfOneJournalNeitherFailNorLeaveAStaleCatalog() throws {
        for trial in 1...8 {
            let dir = try TemporaryDirectory("cli-recover-race")
            let store = try DataStore(root: dir.url)
            let final = try Self.crashedRecording(in: store, run: trial, seconds: 120)
            let results = try Self.twoRecoveries(dir.url)
            for result in results {
                #expect(result.status == 0, "trial \(trial): \(result.status) \(result.stdout) \(result.stderr)")
            }
            let rebuilt = results.filter { $0.stdout.contains("rebuilt") }.count
            #expect(rebuilt == 1, "trial \(trial): rebuilt by \(rebuilt) processes: \(results.map(\.stdout))")
            #expect(!FileManager.default.fileExists(atPath: RecordingWriter.journalURL(for: final).path), "trial \(trial): journal left")
            let item = try #require(try store.catalog.item(path: store.relativePath(of: final)), "trial \(trial)")
            let fingerprint = try FileFingerprint(of: final)
            #expect(item.state == .pending && item.size == fingerprint.size && item.sha256 == fingerprint.sha256, "trial \(trial)")
            #expect(try RecordingReader(url: final).sampleCount == 120 * 256, "trial \(trial)")
        }
    }

    /// A pending item whose catalogued size is stale (as the race left it) is re-verified and healed:
    /// the catalog takes the verified file's size and checksum, and `recover` says so.
    @Test func aStaleCatalogSizeIsHealedWhenTheFileReads() throws {
        let dir = try TemporaryDirectory("cli-recover-stale")
        let recorded = try CLI.run(["record", "--data", dir.url.path, "--duration", "1s", "--speed", "0", "--json"])
        #expect(recorded.status == 0, "\(recorded.stderr)")
        let item = try JSONDecoder.iso.decode(CatalogItem.self, from: Data(recorded.stdout.utf8))
        let store = try DataStore(root: dir.url)
        let fingerprint = try FileFingerprint(of: store.url(of: item.path))
        try store.catalog.update(id: item.id) {
            $0.size = fingerprint.size - 100
            $0.sha256 = String(repeating: "0", count: 64)
        }
        let result = try CLI.run(["recover", "--data", dir.url.path])
        #expect(result.status == 0, "\(result.stdout) \(result.stderr)")
        #expect(result.stdout.contains("healed") && result.stdout.contains(item.path), "\(result.stdout)")
        let healed = try #require(try store.catalog.item(id: item.id))
        #expect(healed.size == fingerprint.size && healed.sha256 == fingerprint.sha256 && healed.state == .pending)
    }

    /// A pending item whose file has another size than catalogued and does not read is reported for a
    /// person (exit 1, the file named), every time, not left pending silently.
    @Test func aStaleCatalogSizeOfAnUnreadableFileNeedsAPerson() throws {
        let dir = try TemporaryDirectory("cli-recover-stale-bad")
        let recorded = try CLI.run(["record", "--data", dir.url.path, "--duration", "1s", "--speed", "0", "--json"])
        let item = try JSONDecoder.iso.decode(CatalogItem.self, from: Data(recorded.stdout.utf8))
        let store = try DataStore(root: dir.url)
        let url = store.url(of: item.path)
        let bytes = try Data(contentsOf: url)
        try bytes.prefix(bytes.count / 2).write(to: url)
        for _ in 0..<2 {
            let result = try CLI.run(["recover", "--data", dir.url.path])
            #expect(result.status == 1, "\(result.stdout) \(result.stderr)")
            #expect(result.stdout.contains("problem") && result.stdout.contains(item.path), "\(result.stdout)")
        }
        #expect(try store.catalog.item(id: item.id)?.size == Int64(bytes.count))
    }
}
