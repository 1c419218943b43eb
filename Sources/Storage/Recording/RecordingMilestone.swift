import Synchronization

/// A moment in a recording that callers wait for, such as its first row being written or
/// its last: reached once and reached for good, so a wait after it returns at once.
///
/// A wait never blocks a thread, and a cancelled wait returns at once (the caller gave up waiting,
/// e.g. on a timeout) without disturbing the other waiters.
final class RecordingMilestone: Sendable {
    private struct State {
        var reached = false
        var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
        var cancelled: Set<Int> = []
        var nextID = 0
    }

    private let state = Mutex(State())

    /// Marks the moment as reached and wakes its waiters (the first call only).
    func reach() {
        let waiters = state.withLock { s -> [CheckedContinuation<Void, Never>] in
            guard !s.reached else { return [] }
            s.reached = true
            defer { s.waiters = [:] }
            return Array(s.waiters.values)
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Waits until ``reach()`` was called, or the waiting task is cancelled.
    func wait() async {
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
