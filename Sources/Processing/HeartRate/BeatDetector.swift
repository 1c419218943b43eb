import Foundation

/// Finds the beats of a cleaned pulse wave (``PulseFilter``'s output, pulses upward) by two moving
/// averages, as Elgendi et al. (2013, PLoS ONE 8:e76585) describe for PPG: the wave clipped at zero
/// and squared; a short average (111 ms, a systolic peak's width) and a long one (667 ms, a beat's);
/// a stretch where the short average exceeds the long one plus 2 % of the squared wave's mean, and
/// lasts at least 111 ms, holds one beat, at the wave's maximum inside it; beats closer than 300 ms
/// to the one before are dropped. The beat's position is refined between samples by a parabola
/// through the maximum and its neighbours.
package enum BeatDetector {
    /// The shortest time between two beats (s): 200 beats per minute.
    package static let refractory = 0.3

    /// The beats of `wave` (sampled at `rate` Hz) as fractional sample positions, in order.
    package static func beats(_ wave: [Double], rate: Double) -> [Double] {
        let n = wave.count
        guard n > 3 else { return [] }
        let squared = wave.map { $0 > 0 ? $0 * $0 : 0 }
        let peakWindow = max(1, Int((0.111 * rate).rounded()))
        let beatWindow = max(1, Int((0.667 * rate).rounded()))
        let short = movingAverage(squared, peakWindow)
        let long = movingAverage(squared, beatWindow)
        let offset = 0.02 * squared.reduce(0, +) / Double(n)
        var peaks: [Double] = []
        var i = 0
        while i < n {
            guard short[i] > long[i] + offset else { i += 1; continue }
            var j = i
            while j < n, short[j] > long[j] + offset { j += 1 }
            if j - i >= peakWindow {
                var best = i
                for k in i..<j where wave[k] > wave[best] { best = k }
                let position = refine(wave, best)
                if let last = peaks.last, (position - last) / rate < refractory {
                    if wave[best] > wave[Int(last.rounded())] { peaks[peaks.count - 1] = position }
                } else {
                    peaks.append(position)
                }
            }
            i = j
        }
        return peaks
    }

    /// A centred moving average of `width` samples (shorter at the ends).
    static func movingAverage(_ x: [Double], _ width: Int) -> [Double] {
        let n = x.count
        var prefix = [Double](repeating: 0, count: n + 1)
        for i in 0..<n { prefix[i + 1] = prefix[i] + x[i] }
        let half = width / 2
        return (0..<n).map { i in
            let lo = max(0, i - half), hi = min(n, i - half + width)
            return (prefix[hi] - prefix[lo]) / Double(max(1, hi - lo))
        }
    }

    /// The vertex of the parabola through samples `k − 1`, `k`, `k + 1`.
    static func refine(_ x: [Double], _ k: Int) -> Double {
        guard k > 0, k < x.count - 1 else { return Double(k) }
        let a = x[k - 1], b = x[k], c = x[k + 1]
        let d = a - 2 * b + c
        guard d < 0 else { return Double(k) }
        return Double(k) + max(-0.5, min(0.5, 0.5 * (a - c) / d))
    }
}
