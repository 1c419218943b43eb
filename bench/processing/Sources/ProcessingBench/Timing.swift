import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Timing for the benchmark: the best of several trials, each repeating the body enough times to
/// last about `target` seconds, so timer resolution and one-off hiccups do not count. Time is the
/// calling thread's CPU time (CLOCK_THREAD_CPUTIME_ID), not wall time, so other processes on a
/// shared machine do not inflate it (cache sharing still can); everything timed is single-threaded.
enum Timing {
    /// A clock reading in seconds of this thread's CPU time.
    static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) * 1e-9
    }

    private static func measure(_ body: () -> Void) -> Double {
        let start = now()
        body()
        return now() - start
    }

    /// Seconds per call of `body`: the minimum over `trials` trials.
    static func secondsPerCall(trials: Int = 7, target: Double = 0.1, _ body: () -> Void) -> Double {
        // Calibrate the repetition count.
        var reps = 1
        while true {
            let s = measure { for _ in 0..<reps { body() } }
            if s > target / 4 || reps > 1 << 26 { reps = max(1, Int(Double(reps) * target / max(s, 1e-9))); break }
            reps *= 4
        }
        var best = Double.infinity
        for _ in 0..<trials {
            best = min(best, measure { for _ in 0..<reps { body() } } / Double(reps))
        }
        return best
    }

    /// Seconds per call of `a` and of `b`, measured in alternating trials (a, b, a, b, …) so both see
    /// the same load on a shared machine; the minimum over `trials` trials each.
    static func compare(trials: Int = 9, target: Double = 0.05, _ a: () -> Void, _ b: () -> Void) -> (Double, Double) {
        let r = compareInPairs(trials: trials, target: target, a, b)
        return (r.bestA, r.bestB)
    }

    /// ``compare(trials:target:_:_:)`` that also returns the median over the trials of the ratio
    /// (a's time / b's time) within each adjacent pair of trials: each pair sees the same state of a
    /// shared machine (its two trials are `target` seconds apart), so the ratio does not depend on
    /// which trials happened to be the quietest for each side, as the ratio of the two minima does.
    static func compareInPairs(
        trials: Int, target: Double, _ a: () -> Void, _ b: () -> Void
    ) -> (bestA: Double, bestB: Double, medianRatio: Double) {
        func reps(_ body: () -> Void) -> Int {
            var reps = 1
            while true {
                let s = measure { for _ in 0..<reps { body() } }
                if s > target / 4 || reps > 1 << 26 { return max(1, Int(Double(reps) * target / max(s, 1e-9))) }
                reps *= 4
            }
        }
        let ra = reps(a), rb = reps(b)
        var bestA = Double.infinity, bestB = Double.infinity
        var ratios: [Double] = []
        ratios.reserveCapacity(trials)
        for _ in 0..<trials {
            let ta = measure { for _ in 0..<ra { a() } } / Double(ra)
            let tb = measure { for _ in 0..<rb { b() } } / Double(rb)
            bestA = min(bestA, ta)
            bestB = min(bestB, tb)
            ratios.append(ta / tb)
        }
        ratios.sort()
        let middle = ratios.count / 2
        let median = ratios.count % 2 == 1 ? ratios[middle] : (ratios[middle - 1] + ratios[middle]) / 2
        return (bestA, bestB, median)
    }

    /// ``compareInPairs(trials:target:_:_:)`` for more than two bodies: each trial runs every body
    /// once in turn (ours, FFTW, kissfft, ours, …), so each round sees the same state of the shared
    /// machine. Returns each body's minimum and, for every body after the first, the median over the
    /// rounds of the first body's time divided by its time within the round.
    static func compareInRounds(trials: Int, target: Double, _ bodies: [() -> Void]) -> (best: [Double], medianRatios: [Double]) {
        func reps(_ body: () -> Void) -> Int {
            var reps = 1
            while true {
                let s = measure { for _ in 0..<reps { body() } }
                if s > target / 4 || reps > 1 << 26 { return max(1, Int(Double(reps) * target / max(s, 1e-9))) }
                reps *= 4
            }
        }
        let counts = bodies.map(reps)
        var best = [Double](repeating: .infinity, count: bodies.count)
        var ratios = [[Double]](repeating: [], count: bodies.count)
        for _ in 0..<trials {
            var times: [Double] = []
            for (k, body) in bodies.enumerated() {
                let t = measure { for _ in 0..<counts[k] { body() } } / Double(counts[k])
                best[k] = min(best[k], t)
                times.append(t)
            }
            for k in 1..<bodies.count { ratios[k].append(times[0] / times[k]) }
        }
        let medians = ratios.dropFirst().map { r -> Double in
            let sorted = r.sorted()
            let middle = sorted.count / 2
            return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        }
        return (best, medians)
    }

    /// Seconds one run of `body` takes (for long single runs), the best of `trials`.
    static func seconds(trials: Int = 3, _ body: () -> Void) -> Double {
        var best = Double.infinity
        for _ in 0..<trials { best = min(best, measure(body)) }
        return best
    }
}
