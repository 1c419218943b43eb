import DataSources
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import Storage

/// Recovery runs on the blocking executor: recoveries waiting for another one's lock (a `recover`
/// while `record` recovers first) leave the cooperative pool free, and each then finds what the one
/// before it left.
struct RecoveryExecutorTests {
    @Test func recoveriesWaitingForTheLockHoldNoThreadOfThePool() async throws {
        let dir = try TemporaryDirectory("recover-executor")
        let store = try DataStore(root: dir.url)
        let (item, _) = try RecoveryTests.abandonedRecording(store: store, rows: 300, tear: false)
        let holder = LockedValue(try ExclusiveLock(file: store.lockURL("recovery")))
        #expect(holder.withLock { $0 } != nil)
        let reports = LockedValue<[RecoveryReport]>([])
        let outcome = try await CooperativePoolProbe.probe(deadline: 60) { _ in
            let report = await Recovery.run(store: store)
            reports.withLock { $0.append(report) }
        } release: {
            holder.withLock { $0 = nil }
        }
        #expect(outcome.poolStayedFree)
        #expect(outcome.returnedEarly == 0)
        // One of them rebuilt the journal; the others found nothing left to do.
        #expect(reports.withLock { $0.flatMap(\.rebuilt).map(\.id) } == [item.id])
    }
}
