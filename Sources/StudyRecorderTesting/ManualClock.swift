public import DataSources
import Synchronization

/// A host clock that moves only when told: sources paced by it, timeouts measured on it and markers
/// set on it behave exactly as on the real clock, but a test decides when time passes, so a 10 s
/// timeout is tested in microseconds and never flakes under load.
///
/// ```swift
/// let clock = ManualClock()
/// let controller = DataController(source: source, clock: clock)
/// try await controller.start()
/// await clock.advance(by: 1)    // one second of signal is delivered
/// ```
public final class ManualClock: HostClock, Sendable {
    private struct Sleeper {
        var deadline: Double
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now: Double
        var wallOffset: Double
        var sleepers: [Int: Sleeper] = [:]
        /// Sleeps cancelled before their continuation was registered (the cancellation handler can
        /// run first): they must end at once instead of waiting forever.
        var cancelled: Set<Int> = []
        var nextID = 0
    }

    private let state: Mutex<State>

    /// A clock at monotonic time `monotonic` whose wall clock reads `wall` at that moment.
    public init(monotonic: Double = 1_000, wall: Double = 1_767_225_600) {
        state = Mutex(State(now: monotonic, wallOffset: wall - monotonic))
    }

    public func monotonicNow() -> Double { state.withLock { $0.now } }

    public func wallNow() -> Double { state.withLock { $0.now + $0.wallOffset } }

    /// Suspends until the clock has been advanced to `deadline` (or the task is cancelled).
    public func sleep(untilMonotonic deadline: Double) async throws {
        let id = state.withLock { s -> Int? in
            guard deadline > s.now else { return nil }
            s.nextID += 1
            return s.nextID
        }
        guard let id else { return try Task.checkCancellation() }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome = state.withLock { s -> Bool? in
                    if s.cancelled.remove(id) != nil { return false }
                    if deadline <= s.now { return true }
                    s.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
                    return nil
                }
                switch outcome {
                case true?: continuation.resume()
                case false?: continuation.resume(throwing: CancellationError())
                case nil: break
                }
            }
        } onCancel: {
            let sleeper = state.withLock { s -> Sleeper? in
                if let sleeper = s.sleepers.removeValue(forKey: id) { return sleeper }
                s.cancelled.insert(id)
                return nil
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// How many tasks are sleeping on the clock: wait for this to reach the number you expect before
    /// advancing, so that nothing races the move.
    public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    /// Moves the clock forward by `seconds`, waking every sleeper whose deadline passed (earliest
    /// first), and yields so the woken tasks run.
    public func advance(by seconds: Double) async {
        let woken = state.withLock { s -> [Sleeper] in
            s.now += max(0, seconds)
            let due = s.sleepers.filter { $0.value.deadline <= s.now }
            for key in due.keys { s.sleepers.removeValue(forKey: key) }
            return due.values.sorted { $0.deadline < $1.deadline }
        }
        for sleeper in woken { sleeper.continuation.resume() }
        await Task.yield()
    }

    /// Waits (yielding, never sleeping) until `count` tasks sleep on the clock.
    public func waitForSleepers(_ count: Int = 1) async {
        while sleeperCount < count { await Task.yield() }
    }
}
