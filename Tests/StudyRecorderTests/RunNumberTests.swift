import Foundation
import Synchronization
import TestSupport
import Testing

@testable import Storage

/// Run numbers when several `record`s share one data folder, and exports of a folder where an older
/// version gave two recordings the same run (issue 20).
///
/// Failure mode before run numbers were allocated in the catalog: each process took "the highest
/// catalogued run + 1" at its start, but a recording's row is inserted only once its source has
/// started, so two processes starting together took the same number; the BIDS export of that folder
/// then failed on the second file with "exists already; choose another --out", which no `--out` fixes.
@Suite(.tags(.process, .python))
struct RunNumberTests {
    static let participant = "5B1C9A7E-2D3F-4E5A-8B6C-7D8E9F0A1B2C"

    /// Runs `count` `record`s into `data` at the same moment, each in its own process.
    static func concurrentRecords(_ count: Int, into data: URL) throws -> [ProcessResult] {
        let binary = try CLI.binary()
        let results = Mutex<[ProcessResult?]>(Array(repeating: nil, count: count))
        DispatchQueue.concurrentPerform(iterations: count) { i in
            let result = try? ProcessRunner.run(
                binary, ["record", "--data", data.path, "--duration", "1s", "--speed", "0", "--participant", participant, "--no-quality"])
            results.withLock { $0[i] = result }
        }
        return try results.withLock { try $0.map { try #require($0) } }
    }

    @Test func recordsStartedTogetherGetDistinctRunNumbers() throws {
        for trial in 1...5 {
            let dir = try TemporaryDirectory("cli-runs")
            let results = try Self.concurrentRecords(3, into: dir.url)
            for result in results { #expect(result.status == 0, "trial \(trial): \(result.stderr)") }
            let items = try DataStore(root: dir.url).catalog.items().filter { $0.kind == .recording }
            let runs = items.compactMap(\.run)
            #expect(items.count == 3 && Set(runs).count == 3, "trial \(trial): runs \(runs) of \(items.map(\.path))")
        }
    }

    /// A folder where two recordings carry the same run (in the file and the catalog, as an older
    /// version stored them) exports to BIDS with a distinct run label for each.
    @Test func aLegacyDuplicateRunExportsToBIDSUnderDistinctNames() throws {
        let dir = try TemporaryDirectory("cli-runs-legacy")
        let data = dir.path("data")
        for _ in 0..<2 {
            let recorded = try CLI.run(["record", "--data", data.path, "--duration", "1s", "--speed", "0", "--participant", Self.participant])
            #expect(recorded.status == 0, "\(recorded.stderr)")
        }
        let store = try DataStore(root: data)
        let recordings = try store.catalog.items().filter { $0.kind == .recording }
        try #require(recordings.count == 2)
        let (first, second) = (recordings[0], recordings[1])
        // Make the second a legacy duplicate of the first: same run in the file and in the catalog.
        _ = try PythonTool.run(
            script: "import h5py, sys\nwith h5py.File(sys.argv[1], 'r+') as f: f['Recording'].attrs['Run'] = int(sys.argv[2])",
            arguments: [store.url(of: second.path).path, "\(first.run ?? 0)"])
        let fingerprint = try FileFingerprint(of: store.url(of: second.path))
        try store.catalog.update(id: second.id) {
            $0.run = first.run
            $0.size = fingerprint.size
            $0.sha256 = fingerprint.sha256
        }
        let out = dir.path("bids")
        let exported = try CLI.run(["export", "--all", "--format", "bids", "--include-simulated", "--data", data.path, "--out", out.path])
        #expect(exported.status == 0, "\(exported.stdout) \(exported.stderr)")
        let edfs = (FileManager.default.subpaths(atPath: out.path) ?? []).filter { $0.hasSuffix("_eeg.edf") }.sorted()
        #expect(edfs.count == 2 && Set(edfs).count == 2, "\(edfs)")
        #expect(edfs.contains { $0.hasSuffix("_run-\(first.run ?? 0)_eeg.edf") }, "\(edfs)")
    }
}
