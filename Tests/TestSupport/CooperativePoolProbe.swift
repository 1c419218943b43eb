public import Foundation
import Synchronization

/// Whether an async API keeps its blocking work off Swift's cooperative pool (docs/decisions/0008):
/// more calls than the pool has threads are started, each blocked inside the API (on a lock the test
/// holds), and a task started after them must still run. An API that blocks where it is called holds
/// every thread of the pool, and that task waits until a watchdog thread of its own (not of the
/// pool, so it fires anyway) releases the calls after `deadline` seconds: the probe then reports
/// `false` instead of the test hanging.
public enum CooperativePoolProbe {
    /// The number of threads of the cooperative pool: one per core.
    public static var width: Int { ProcessInfo.processInfo.activeProcessorCount }

    /// What one probe saw.
    public struct Outcome: Sendable {
        /// A task started after the blocked calls ran before they were released.
        public var poolStayedFree: Bool
        /// Calls that returned before they were released (each should have been blocked).
        public var returnedEarly: Int
    }

    /// Starts `calls` tasks running `call(i)` (a call the test has made block, until `release`
    /// unblocks it), checks whether a task started after them runs, then calls `release` (once) and
    /// waits for every call. Rethrows a call's error.
    public static func probe(
        calls: Int = width + 2, deadline: Double = 10,
        call: @escaping @Sendable (Int) async throws -> Void, release: @escaping @Sendable () -> Void
    ) async throws -> Outcome {
        let state = ProbeState(release: release)
        let probeDone = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            if probeDone.wait(timeout: .now() + deadline) == .timedOut, state.releaseOnce() { state.releasedByWatchdog.withLock { $0 = true } }
        }
        let tasks = (0..<calls).map { i in
            Task {
                try await call(i)
                state.returned.withLock { $0 += 1 }
            }
        }
        let ran = await Task { !state.releasedByWatchdog.withLock { $0 } }.value
        let early = state.returned.withLock { $0 }
        probeDone.signal()
        _ = state.releaseOnce()
        for task in tasks { try await task.value }
        return Outcome(poolStayedFree: ran, returnedEarly: early)
    }
}

/// What a probe's tasks, its watchdog and the test share.
private final class ProbeState: Sendable {
    let release: @Sendable () -> Void
    let released = Mutex(false)
    let releasedByWatchdog = Mutex(false)
    let returned = Mutex(0)

    init(release: @escaping @Sendable () -> Void) { self.release = release }

    /// Releases the blocked calls the first time; whether this call did.
    func releaseOnce() -> Bool {
        let first = released.withLock { r -> Bool in
            defer { r = true }
            return !r
        }
        if first { release() }
        return first
    }
}
