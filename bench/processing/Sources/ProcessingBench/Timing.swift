import Foundation

/// Wall-clock timing for the benchmark: the best of several trials, each repeating the body enough
/// times to last about `target` seconds, so timer resolution and one-off hiccups do not count.
enum Timing {
    /// Seconds per call of `body`: the minimum over `trials` trials.
    static func secondsPerCall(trials: Int = 7, target: Double = 0.1, _ body: () -> Void) -> Double {
        let clock = ContinuousClock()
        // Calibrate the repetition count.
        var reps = 1
        while true {
            let t = clock.measure { for _ in 0..<reps { body() } }
            let s = Double(t.components.seconds) + Double(t.components.attoseconds) * 1e-18
            if s > target / 4 || reps > 1 << 26 { reps = max(1, Int(Double(reps) * target / max(s, 1e-9))); break }
            reps *= 4
        }
        var best = Double.infinity
        for _ in 0..<trials {
            let t = clock.measure { for _ in 0..<reps { body() } }
            let s = Double(t.components.seconds) + Double(t.components.attoseconds) * 1e-18
            best = min(best, s / Double(reps))
        }
        return best
    }

    /// Seconds one run of `body` takes (for long single runs), the best of `trials`.
    static func seconds(trials: Int = 3, _ body: () -> Void) -> Double {
        let clock = ContinuousClock()
        var best = Double.infinity
        for _ in 0..<trials {
            let t = clock.measure(body)
            best = min(best, Double(t.components.seconds) + Double(t.components.attoseconds) * 1e-18)
        }
        return best
    }
}
