import Foundation
import Logging
import Storage
import TestSupport
import Testing
import Transfer

/// An uploader imports the study key when a run first needs it, on the run's thread of the
/// blocking executor, not where the uploader is made: uploaders made and run in async code while
/// their gpg waits for a key ring another gpg holds leave the cooperative pool free.
@Suite(.tags(.process), .enabled(if: Executables.available(["gpg", "gpgconf"])))
struct LazySealerTests {
    @Test func uploadersWaitingForTheirKeyRingHoldNoThreadOfThePool() async throws {
        let gpg = try GPGTestHome()
        let fingerprint = try gpg.generateKey()
        let count = CooperativePoolProbe.width + 2
        let folder = try TemporaryDirectory("lazy-sealer")
        let keyFile = folder.path("study.asc")
        try gpg.exportPublic(fingerprint, to: keyFile)
        // A data folder (and so a key ring) per uploader, as per device.
        let stores = try (0..<count).map { try DataStore(root: folder.path("data-\($0)")) }
        let rings = try HeldKeyRings(stores.map { $0.root.appendingPathComponent("private/gnupg") })
        defer { for ring in rings.homes { GPGTestHome.stopAgent(home: ring) } }
        let reports = LockedValue<[UploadReport]>([])
        let outcome = try await CooperativePoolProbe.probe(calls: count, deadline: 60) { i in
            let policy = EncryptionPolicy(mode: .atUpload, keyFile: keyFile.path, fingerprint: fingerprint)
            let configuration = TransferConfiguration(encryption: EncryptionSettings(policy: policy), backoff: BackoffPolicy(initial: 0, maximum: 0))
            let uploader = Uploader(store: stores[i], configuration: configuration, destination: InMemoryDestination(), logger: Logger(label: "test"))
            let report = try await uploader.run(UploadOptions(dryRun: true))
            reports.withLock { $0.append(report) }
        } release: {
            rings.release()
        }
        #expect(outcome.poolStayedFree)
        #expect(outcome.returnedEarly == 0)
        // Each run imported its key: none reports a configuration problem.
        #expect(reports.withLock { $0.map(\.configurationProblem) } == Array(repeating: nil, count: count))
    }
}
