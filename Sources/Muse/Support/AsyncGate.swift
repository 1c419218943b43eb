import Synchronization

/// An async mutual-exclusion gate: callers wait (without blocking a thread) until the one before them
/// releases it, in arrival order. The ATT client uses it so only one request is outstanding at a time.
final class AsyncGate: Sendable {
    private struct State {
        var busy = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    /// Waits for the gate and takes it.
    func acquire() async {
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
            let enter = state.withLock { s -> Bool in
                if !s.busy {
                    s.busy = true
                    return true
                }
                s.waiters.append(waiter)
                return false
            }
            if enter { waiter.resume() }
        }
    }

    /// Hands the gate to the next waiter, or opens it.
    func release() {
        let next = state.withLock { s -> CheckedContinuation<Void, Never>? in
            if s.waiters.isEmpty {
                s.busy = false
                return nil
            }
            return s.waiters.removeFirst()
        }
        next?.resume()
    }
}
