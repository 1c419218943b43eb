import DataSources

/// Turns study time into real time at the run's speed (a 60 s fixation at `--speed 20` waits 3 s)
/// and waits it on the run's host clock, so a test that drives a ``DataSources/HostClock`` by hand
/// decides when study time passes.
struct Pacer: Sendable {
    /// How many times faster than real time.
    let speed: Double
    /// The clock waits and elapsed times are read on (the system's, or a test's manual clock).
    let clock: any HostClock

    /// A pacer at `speed` on `clock`.
    init(speed: Double, clock: any HostClock = SystemHostClock()) {
        self.speed = speed
        self.clock = clock
    }

    /// Real seconds for `seconds` of study time.
    func real(_ seconds: Double) -> Double { seconds / max(speed, 1e-9) }

    /// The clock's monotonic reading now, the start of an interval measured with ``studySeconds(since:)``.
    func now() -> Double { clock.monotonicNow() }

    /// Waits `seconds` of study time on the clock; throws on cancellation.
    func sleep(_ seconds: Double) async throws {
        guard seconds > 0 else { return try Task.checkCancellation() }
        try await sleep(real: real(seconds))
    }

    /// Waits `seconds` of real time on the clock (polling intervals); throws on cancellation.
    func sleep(real seconds: Double) async throws {
        try await clock.sleep(untilMonotonic: clock.monotonicNow() + seconds)
    }

    /// Study seconds since the monotonic reading `start` (from ``now()``).
    func studySeconds(since start: Double) -> Double {
        (clock.monotonicNow() - start) * speed
    }

    /// Study seconds between two monotonic readings of the clock (a stimulus's onset and a key's
    /// ``KeyPress/at``).
    func studySeconds(from start: Double, to end: Double) -> Double {
        (end - start) * speed
    }
}
