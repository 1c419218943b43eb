import Foundation
import Synchronization
import Testing

@testable import DataSources

/// The one executor for blocking work: calls run on its own threads and return their result or
/// error, a blocking loop delays no other work, a task that prefers it runs its synchronous code
/// there, one thread at most means one at a time in order, and idle threads end.
struct BlockingExecutorTests {
    private struct Refused: Error, Equatable { let code: Int }

    @Test func runReturnsTheResultFromAThreadOfItsOwn() async throws {
        let executor = BlockingExecutor(name: "test-run")
        #expect(!executor.isCurrentThread)
        #expect(await executor.run { executor.isCurrentThread })
        #expect(await executor.run { currentThreadName() } == "test-run")
        #expect(await executor.run("a named call") { currentThreadName() } == "a named call")
        // After named work the thread carries the pool's name again.
        #expect(await executor.run { currentThreadName() } == "test-run")
        #expect(await executor.run { 6 * 7 } == 42)
        // Another executor's threads are not this one's.
        #expect(await BlockingExecutor(name: "other").run { executor.isCurrentThread } == false)
    }

    @Test func runRethrowsTheTypedError() async {
        let executor = BlockingExecutor(name: "test-throw")
        await #expect(throws: Refused(code: 3)) {
            try await executor.run { () throws(Refused) -> Int in throw Refused(code: 3) }
        }
    }

    @Test func aBlockingLoopDelaysNoOtherWork() async throws {
        let executor = BlockingExecutor(name: "test-loop")
        let release = DispatchSemaphore(value: 0)
        let ended = DispatchSemaphore(value: 0)
        executor.execute("blocked loop") {
            release.wait()
            ended.signal()
        }
        // The loop holds one thread until released; the call still runs, on another.
        #expect(await executor.run { 1 } == 1)
        #expect(executor.threadCount == 2)
        release.signal()
        #expect(ended.wait(timeout: .now() + 10) == .success)
    }

    @Test func aTaskThatPrefersItRunsItsSynchronousCodeThere() async throws {
        let executor = BlockingExecutor(name: "test-preference")
        let task = Task(executorPreference: executor) { await onExecutor(executor) }
        #expect(await task.value)
        #expect(await withTaskExecutorPreference(executor) { await onExecutor(executor) })
        // Without the preference the same function runs on the cooperative pool.
        #expect(await onExecutor(executor) == false)
    }

    @Test func oneThreadRunsWorkOneAtATimeInOrder() async throws {
        let executor = BlockingExecutor(name: "test-serial", maximumThreads: 1)
        let log = Mutex<(order: [Int], running: Int, most: Int)>(([], 0, 0))
        for i in 0..<50 {
            executor.execute {
                log.withLock {
                    $0.running += 1
                    $0.most = max($0.most, $0.running)
                }
                log.withLock {
                    $0.order.append(i)
                    $0.running -= 1
                }
            }
        }
        // Queued after the fifty, so it runs after them all.
        await executor.run {}
        let result = log.withLock { $0 }
        #expect(result.order == Array(0..<50))
        #expect(result.most == 1)
        #expect(executor.threadCount == 1)
    }

    @Test func idleThreadsEnd() async throws {
        let executor = BlockingExecutor(name: "test-idle", idleSeconds: 0.05)
        await executor.run {}
        let deadline = ContinuousClock.now + .seconds(10)
        while executor.threadCount > 0 && ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
        #expect(executor.threadCount == 0)
        // A new call starts a thread again.
        #expect(await executor.run { 1 } == 1)
    }
}

/// The calling thread's name as the kernel shows it (`/proc/thread-self/comm`, without its newline).
private func currentThreadName() -> String? {
    (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8))?.trimmingCharacters(in: .newlines)
}

/// Whether a nonisolated async function runs on `executor`'s threads.
private func onExecutor(_ executor: BlockingExecutor) async -> Bool { executor.isCurrentThread }
