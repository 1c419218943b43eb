/// Turns study time into real time at the run's speed: a 60 s fixation at `--speed 20` waits 3 s.
struct Pacer: Sendable {
    /// How many times faster than real time.
    let speed: Double

    /// Real seconds for `seconds` of study time.
    func real(_ seconds: Double) -> Double { seconds / max(speed, 1e-9) }

    /// Waits `seconds` of study time; throws on cancellation.
    func sleep(_ seconds: Double) async throws {
        guard seconds > 0 else { return }
        try await Task.sleep(for: .seconds(real(seconds)))
    }

    /// The instant `seconds` of study time from now.
    func deadline(in seconds: Double) -> ContinuousClock.Instant {
        ContinuousClock.now.advanced(by: .seconds(real(seconds)))
    }

    /// Study seconds between two real instants.
    func studySeconds(from start: ContinuousClock.Instant, to end: ContinuousClock.Instant) -> Double {
        let d = end - start
        return (Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18) * speed
    }
}
