import Synchronization

/// A moment that async code waits for, such as a loop on a ``BlockingExecutor`` thread having ended:
/// reached once and for good, so a wait after it returns at once. How a `stop()` waits for a
/// blocking loop without holding a thread of the cooperative pool (a semaphore's `wait()` would hold
/// one for as long as the loop takes to notice).
///
/// ``reach()`` may be called from any thread. A wait never blocks a thread, and a cancelled wait
/// returns at once (the caller gave up waiting) without disturbing the other waiters.
package final class Milestone: Sendable {
    private struct State {
        var reached = false
        var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
        var cancelled: Set<Int> = []
        var nextID = 0
    }

    private let state = Mutex(State())

    /// A moment not reached yet.
    package init() {}

    /// Whether ``reach()`` was called.
    package var isReached: Bool { state.withLock { $0.reached } }

    /// Marks the moment as reached and wakes its waiters (the first call only).
    package func reach() {
        let waiters = state.withLock { s -> [CheckedContinuation<Void, Never>] in
            guard !s.reached else { return [] }
            s.reached = true
            defer { s.waiters = [:] }
            return Array(s.waiters.values)
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Waits until ``reach()`` was called, or the waiting task is cancelled.
    package func wait() async {
        let id = state.withLock { s -> Int? in
            guard !s.reached else { return nil }
            s.nextID += 1
            return s.nextID
        }
        guard let id else { return }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let now = state.withLock { s -> Bool in
                    if s.reached || s.cancelled.contains(id) { return true }
                    s.waiters[id] = continuation
                    return false
                }
                if now { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { s -> CheckedContinuation<Void, Never>? in
                s.cancelled.insert(id)
                return s.waiters.removeValue(forKey: id)
            }
            waiter?.resume()
        }
    }
}
