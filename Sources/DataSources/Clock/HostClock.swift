#if canImport(Glibc)
import Glibc
#endif

/// Where sources read the host's time: a monotonic clock (never steps, the clock BLE arrivals and
/// LSL's `local_clock` use) and the wall clock (UTC, steps with NTP). Injected, so timing and
/// reconnect logic are tested without waiting in real time.
public protocol HostClock: Sendable {
    /// Seconds on the monotonic clock (`CLOCK_MONOTONIC` for the system clock).
    func monotonicNow() -> Double
    /// Seconds since the Unix epoch on the wall clock.
    func wallNow() -> Double
    /// Suspends until the monotonic clock reads `deadline` (at once if it has passed); throws
    /// `CancellationError` when the task is cancelled. A test clock advances its time instead.
    func sleep(untilMonotonic deadline: Double) async throws
}

extension HostClock {
    public func sleep(untilMonotonic deadline: Double) async throws {
        let wait = deadline - monotonicNow()
        if wait > 0 {
            try await Task.sleep(for: .nanoseconds(Int64(min(wait, 1e6) * 1e9)), tolerance: .milliseconds(1))
        } else {
            try Task.checkCancellation()
        }
    }

    /// A wall-clock anchor taken now: the pair that maps this clock's monotonic time to UTC.
    public func anchor() -> ClockAnchor {
        // The wall clock read between two readings of the monotonic clock, the narrowest of a few
        // brackets: accurate to a fraction of a microsecond even when the thread is preempted.
        let reading = ClockBracket.read(monotonic: { monotonicNow() }, other: { wallNow() })
        return ClockAnchor(monotonic: reading.monotonic, utc: reading.other)
    }
}

/// The system's clocks: `CLOCK_MONOTONIC` and `CLOCK_REALTIME`.
public struct SystemHostClock: HostClock {
    /// Creates the system clock.
    public init() {}

    public func monotonicNow() -> Double { Self.read(CLOCK_MONOTONIC) }
    public func wallNow() -> Double { Self.read(CLOCK_REALTIME) }

    /// Nanoseconds on `CLOCK_MONOTONIC`, the unit BLE receive times are taken in (the ATT client's
    /// default receive clock, the simulator's pacing clock).
    public static func monotonicNanoseconds() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
    }

    private static func read(_ id: clockid_t) -> Double {
        var ts = timespec()
        clock_gettime(id, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
