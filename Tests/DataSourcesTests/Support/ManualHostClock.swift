import DataSources
import Synchronization

/// A host clock the test sets by hand: monotonic and wall time move only when told, so a marker's
/// moment and the samples' times are exact numbers.
final class ManualHostClock: HostClock, Sendable {
    private let time: Mutex<(monotonic: Double, wall: Double)>

    init(monotonic: Double, wall: Double) {
        time = Mutex((monotonic, wall))
    }

    func monotonicNow() -> Double { time.withLock { $0.monotonic } }
    func wallNow() -> Double { time.withLock { $0.wall } }

    /// Moves both clocks on by `seconds`.
    func advance(by seconds: Double) {
        time.withLock {
            $0.monotonic += seconds; $0.wall += seconds
        }
    }
}
