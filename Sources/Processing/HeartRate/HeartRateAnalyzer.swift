import Foundation

/// Heart rate from a PPG or optics stream, in-house (docs/processing.md, "Heart rate"):
///
/// 1. **Ambient subtracted.** Where the layout has an ambient channel at a sensor position (the
///    Muse S Athena's 16-channel optics: `LO_AMB`, …), it is subtracted from that position's lit
///    channels sample by sample. The wave is turned so that more blood is up (the light that reaches
///    the sensor falls as the vessels fill).
/// 2. **Condition** of each raw channel per ``window``-second window: flat, saturated, lost or
///    varying (``PulseCondition``).
/// 3. **Pulse-quality index** per lit channel and window: the highest normalised autocorrelation of
///    the cleaned wave (``PulseFilter``) at lags of 0.33–1.5 s (40–180 beats per minute): 1 for a
///    perfectly regular pulse, near 0 for noise; a pulse is usable at ``usableQuality`` or more.
/// 4. **Channel**: the lit channel with the highest median index over the windows is the one beats
///    are found on (``BeatDetector``), stretch by stretch between lost rows.
/// 5. **Intervals** (samples between the beats at the nominal rate) are accepted for heart rate and RMSSD at 0.33–2 s, both beats in usable
///    windows, within 30 % of the median of the 10 intervals around.
package struct HeartRateAnalyzer: Sendable {
    /// The analysis window (s).
    package static let window = 10.0
    /// The index at which a window's pulse is usable.
    package static let usableQuality = 0.5
    /// The method, as stored with the series (`/Quality` attribute `HeartRateMethod`).
    package static let method =
        "beats: ambient-subtracted (where an ambient channel exists), inverted, band-passed 0.5-8 Hz (Butterworth, zero phase), "
        + "Elgendi 2013 two-moving-average detector (111/667 ms, offset 2%, refractory 0.3 s), parabolic peak; channel: highest median "
        + "pulse-quality index (max normalised autocorrelation at 0.33-1.5 s lag, 10-s windows; usable >= 0.5); intervals accepted at "
        + "0.33-2 s within 30% of the local median of 10; RMSSD over successive accepted intervals"

    /// The converter's bits of the raw values (flat/saturated detection): 20 for the Athena's optics,
    /// 24 for the classic Muse's PPG.
    package var bits: Int

    package init(bits: Int) {
        self.bits = bits
    }

    /// Analyses one stream: rows' `times` (seconds), `values` row-major with `labels.count` columns
    /// (NaN where lost), nominal `rate` (Hz).
    package func analyze(times: [Double], values: [Double], labels: [String], rate: Double) -> HeartRateAnalysis {
        let columns = labels.count
        let rows = columns == 0 ? 0 : min(times.count, values.count / columns)
        let channels = labels.map(OpticalChannel.init(label:))
        var result = HeartRateAnalysis(channels: labels, chosen: nil, ambient: nil, beats: [], windows: [])
        guard rows > Int(rate * 2), rate > 0 else { return result }
        func column(_ c: Int) -> [Double] { (0..<rows).map { values[$0 * columns + c] } }
        // 1. The lit channels' waves, ambient subtracted and inverted.
        var ambientOf: [Int: Int] = [:]
        var waves: [Int: [Double]] = [:]
        for (c, channel) in channels.enumerated() where !channel.isAmbient {
            let ambient = channels.firstIndex { $0.isAmbient && $0.positionCode != nil && $0.positionCode == channel.positionCode }
            let raw = column(c)
            let amb = ambient.map(column)
            ambientOf[c] = ambient
            waves[c] = raw.indices.map { i in -(raw[i] - (amb?[i] ?? 0)) }
        }
        // The stretches between lost rows, each cleaned on its own.
        var cleaned: [Int: [Double]] = [:]
        let filter = PulseFilter(rate: rate)
        for (c, wave) in waves {
            var out = [Double](repeating: .nan, count: rows)
            for stretch in Self.stretches(wave) where stretch.count >= Int(rate) {
                let part = filter.apply(Array(wave[stretch]))
                for (k, i) in stretch.enumerated() { out[i] = part[k] }
            }
            cleaned[c] = out
        }
        // 2./3. Windows.
        let perWindow = max(1, Int((Self.window * rate).rounded()))
        var start = 0
        while start < rows {
            let end = min(rows, start + perWindow)
            if end - start < perWindow / 2, !result.windows.isEmpty { break }
            var quality = [Double](repeating: .nan, count: columns)
            var conditions = [PulseCondition](repeating: .lost, count: columns)
            for c in 0..<columns {
                conditions[c] = PulseCondition.of((start..<end).map { values[$0 * columns + c] }, bits: bits)
                if let wave = cleaned[c], conditions[c] == .varying, ambientOf[c].map({ conditions[$0] != .saturated }) ?? true {
                    quality[c] = Self.periodicity(Array(wave[start..<end]), rate: rate)
                }
            }
            result.windows.append(HeartRateAnalysis.Window(time: times[end - 1], quality: quality, conditions: conditions))
            start = end
        }
        // 4. The channel.
        let medians = waves.keys.sorted().map { c -> (Int, Double) in
            let q = result.windows.map { $0.quality[c].isNaN ? 0 : $0.quality[c] }.sorted()
            return (c, q.isEmpty ? 0 : q[q.count / 2])
        }
        guard let best = medians.max(by: { $0.1 < $1.1 || ($0.1 == $1.1 && $0.0 > $1.0) }), best.1 > 0, let wave = cleaned[best.0] else {
            return result
        }
        result.chosen = best.0
        result.ambient = ambientOf[best.0]
        // Beats, stretch by stretch.
        func time(at position: Double) -> Double {
            let k = min(rows - 2, max(0, Int(position.rounded(.down))))
            return times[k] + (position - Double(k)) * (times[k + 1] - times[k])
        }
        func usable(_ t: Double) -> Bool {
            let w = result.windows.first { $0.time >= t } ?? result.windows.last
            return (w?.quality[best.0] ?? 0) >= Self.usableQuality
        }
        for stretch in Self.stretches(wave) where stretch.count >= Int(rate * 2) {
            let positions = BeatDetector.beats(Array(wave[stretch]), rate: rate).map { $0 + Double(stretch.lowerBound) }
            for (k, p) in positions.enumerated() {
                // The interval counts samples at the nominal rate (the rows are the device's samples, a
                // lost one a NaN row at its place), so it is the signal's own, also in a recording made
                // faster than real time (--speed N), whose times are the host's.
                let interval = k == 0 ? Double.nan : (p - positions[k - 1]) / rate
                result.beats.append(HeartRateAnalysis.Beat(time: time(at: p), interval: interval, accepted: false))
            }
        }
        // 5. Acceptance.
        let intervals = result.beats.map(\.interval)
        for i in result.beats.indices {
            let v = intervals[i]
            guard v.isFinite, v >= 0.33, v <= 2, usable(result.beats[i].time), i > 0, usable(result.beats[i - 1].time) else { continue }
            let around = intervals[max(0, i - 5)..<min(intervals.count, i + 6)].filter { $0.isFinite && $0 >= 0.33 && $0 <= 2 }.sorted()
            let median = around[around.count / 2]
            result.beats[i].accepted = abs(v - median) <= 0.3 * median
        }
        return result
    }

    /// The runs of finite values.
    static func stretches(_ x: [Double]) -> [Range<Int>] {
        var out: [Range<Int>] = []
        var start: Int?
        for i in x.indices {
            if x[i].isFinite {
                if start == nil { start = i }
            } else if let s = start {
                out.append(s..<i)
                start = nil
            }
        }
        if let s = start { out.append(s..<x.count) }
        return out
    }

    /// The pulse-quality index of a cleaned window: the highest normalised autocorrelation at lags of
    /// 0.33–1.5 s (NaN values skipped), 0 when there is no such lag.
    package static func periodicity(_ x: [Double], rate: Double) -> Double {
        let finite = x.filter(\.isFinite)
        guard finite.count > Int(3 * rate) else { return 0 }
        let mean = finite.reduce(0, +) / Double(finite.count)
        let y = x.map { $0.isFinite ? $0 - mean : 0 }
        let energy = y.reduce(0) { $0 + $1 * $1 }
        guard energy > 0 else { return 0 }
        let lo = Int((0.33 * rate).rounded()), hi = min(y.count - 1, Int((1.5 * rate).rounded()))
        guard lo < hi else { return 0 }
        var best = 0.0
        for lag in lo...hi {
            var s = 0.0
            for i in 0..<(y.count - lag) { s += y[i] * y[i + lag] }
            // Normalised by the overlap, so a long lag is not penalised for its shorter overlap.
            best = max(best, s / energy * Double(y.count) / Double(y.count - lag))
        }
        return min(1, best)
    }
}
