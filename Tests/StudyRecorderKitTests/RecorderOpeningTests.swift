import Foundation
import Storage
import StudyRecorderKit
import Synchronization
import TestSupport
import Testing

/// Opening a data folder through the kit runs its recovery on the blocking executor: programs
/// opening a folder whose recovery another process holds wait without holding the cooperative pool
/// (their headband decoding and timers go on), and each opens once that recovery is done.
struct RecorderOpeningTests {
    @Test func openingsWaitingForAnotherRecoveryHoldNoThreadOfThePool() async throws {
        let folder = try TemporaryDirectory("kit-open")
        let store = try await DataStore.open(root: folder.url)
        let holder = LockedValue(try ExclusiveLock(file: store.lockURL("recovery")))
        let opened = LockedValue(0)
        // A minute: tests in this process that block pool threads themselves (waiting for a child
        // process) can delay the probe's task for seconds; an opening that held the pool would
        // delay it until the watchdog releases the lock.
        let outcome = try await CooperativePoolProbe.probe(deadline: 60) { _ in
            let recorder = try await Recorder(dataFolder: folder.url)
            #expect(recorder.recovery.problems.isEmpty)
            opened.withLock { $0 += 1 }
        } release: {
            holder.withLock { $0 = nil }
        }
        #expect(outcome.poolStayedFree)
        #expect(outcome.returnedEarly == 0)
        #expect(opened.withLock { $0 } == CooperativePoolProbe.width + 2)
    }
}
