import Foundation

/// Grades one channel's window of signal 1/2/4 from measures beyond the reference app's: missing
/// data, flat line, railed/saturated samples, 1–40 Hz amplitude spread, line-noise ratio and
/// high-frequency-noise ratio (eeg-methods.md §C.3). Spectral measures come from a Welch PSD of
/// the window (1 s Hann segments, 50 % overlap, so 1 Hz bins).
package struct SignalGrader: Sendable {
    /// The thresholds.
    package let thresholds: QualityThresholds
    /// The mains frequency setting.
    package let mains: MainsFrequency
    /// The sampling rate in Hz.
    package let samplingRate: Double
    /// Samples per window.
    package let windowLength: Int

    private var welch: WelchEstimator
    private var caches: [SegmentCachedWelch]
    private var finite: [Double]
    private var density: [Double]

    /// Creates a grader for windows of `windowSeconds` (default 2 s) at `samplingRate` Hz.
    /// `channelCount` sizes the per-channel segment caches used by
    /// ``assess(_:channel:firstIndex:)`` for windows sliding along a stream.
    package init(
        samplingRate: Double, windowSeconds: Double = 2, mains: MainsFrequency = .detect, thresholds: QualityThresholds = .init(),
        channelCount: Int = 1
    ) {
        self.samplingRate = samplingRate
        self.mains = mains
        self.thresholds = thresholds
        windowLength = max(8, Int((samplingRate * windowSeconds).rounded()))
        let segment = max(8, min(Int(samplingRate.rounded()), Int((samplingRate * windowSeconds).rounded())))
        welch = WelchEstimator(parameters: WelchParameters(segmentLength: segment), samplingRate: samplingRate)
        let perWindow = WelchParameters(segmentLength: segment).segmentCount(for: max(8, Int((samplingRate * windowSeconds).rounded())))
        caches = (0..<max(1, channelCount)).map { _ in
            SegmentCachedWelch(parameters: WelchParameters(segmentLength: segment), samplingRate: samplingRate, capacity: perWindow + 2)
        }
        density = [Double](repeating: 0, count: segment / 2 + 1)
        finite = []
        finite.reserveCapacity(windowLength)
    }

    /// Grades `window` (one channel, NaN for missing samples).
    package mutating func assess(_ window: UnsafeBufferPointer<Double>) -> ChannelAssessment {
        assess(window, channel: 0, firstIndex: nil)
    }

    /// Grades `window` of `channel` whose first sample is at stream position `firstIndex`: segment
    /// spectra are reused from the previous windows of that channel (identical results, a third of
    /// the transforms when windows advance by one segment step).
    package mutating func assess(_ window: UnsafeBufferPointer<Double>, channel: Int, firstIndex: Int64?) -> ChannelAssessment {
        let t = thresholds
        // One pass for count, sum, extremes and rail hits; a second for the squared deviations and
        // the plateau counts (two passes keep the SD exact to rounding).
        var count = 0, sum = 0.0, lo = Double.infinity, hi = -Double.infinity, beyond = 0
        for x in window where x.isFinite {
            count += 1
            sum += x
            if x < lo { lo = x }
            if x > hi { hi = x }
            if abs(x) >= t.railLimit { beyond += 1 }
        }
        if count != window.count {
            finite.removeAll(keepingCapacity: true)
            for x in window where x.isFinite { finite.append(x) }
        }
        let missing = window.isEmpty ? 1 : 1 - Double(count) / Double(window.count)
        var issues: [(QualityGrade, QualityIssue)] = []
        if missing > t.maximumMissingFraction { issues.append((.bad, .missingData)) }

        var sd = Double.nan, railed = 0.0
        if count > 0 {
            let mean = sum / Double(count)
            var squares = 0.0, atLow = 0, atHigh = 0
            for x in window where x.isFinite {
                squares += (x - mean) * (x - mean)
                if x == lo { atLow += 1 }
                if x == hi { atHigh += 1 }
            }
            sd = (squares / Double(count)).squareRoot()
            // Stuck at an extreme: a plateau at the window's min or max (clipping below the limit).
            let stuck = hi > lo ? max(atLow, atHigh) : 0
            railed = Double(max(beyond, stuck > 2 ? stuck : 0)) / Double(count)
            if sd < t.flatStandardDeviation { issues.append((.bad, .flatLine)) }
            if railed > t.maximumRailedFraction { issues.append((.bad, .railed)) }
        }

        var bandAmplitude = Double.nan, lineRatio = Double.nan, hfRatio = Double.nan
        var mainsUsed = Double.nan
        if missing <= t.maximumMissingFraction && count >= welch.parameters.segmentLength {
            // The PSD goes into the grader's own buffer: no allocation per window.
            var density = self.density
            self.density = []
            defer { self.density = density }
            density.withUnsafeMutableBufferPointer { d in
                if count == window.count, let firstIndex, channel < caches.count {
                    caches[channel].spectrum(window, firstIndex: firstIndex, into: d.baseAddress!)
                } else if count == window.count {
                    welch.spectrum(window, into: d.baseAddress!)
                } else {
                    finite.withUnsafeBufferPointer { _ = welch.spectrum($0, into: d.baseAddress!) }
                }
            }
            let df = welch.resolution
            let rule = IntegrationRule.rectangleHalfOpen
            func power(_ low: Double, _ high: Double) -> Double {
                density.withUnsafeBufferPointer { rule.integrate($0, resolution: df, low: low, high: high) }
            }
            let eeg = power(1, 45)
            bandAmplitude = power(1, 40).squareRoot()
            let p50 = power(49, 51.000001)
            let p60 = power(59, 61.000001)
            switch mains {
            case .fixed(let f): mainsUsed = f
            case .detect: mainsUsed = p60 > p50 ? 60 : 50
            }
            let line = mainsUsed == 50 ? p50 : mainsUsed == 60 ? p60 : power(mainsUsed - 1, mainsUsed + 1.000001)
            // High frequencies: 45–100 Hz (or Nyquist) without mains ± 2 Hz and its first harmonic.
            let top = min(100, samplingRate / 2)
            var hf = power(45, top)
            for harmonic in [mainsUsed, 2 * mainsUsed] where harmonic - 2 < top {
                hf -= power(max(45, harmonic - 2), min(top, harmonic + 2.000001))
            }
            hf = max(0, hf)
            lineRatio = eeg > 0 ? line / eeg : (line > 0 ? .infinity : 0)
            hfRatio = eeg > 0 ? hf / eeg : (hf > 0 ? .infinity : 0)
            let flat = issues.contains { $0.1 == .flatLine }
            if !flat {
                if bandAmplitude > t.badAmplitude {
                    issues.append((.bad, .highAmplitude))
                } else if bandAmplitude > t.goodAmplitude {
                    issues.append((.medium, .highAmplitude))
                }
                if lineRatio >= t.badLineNoiseRatio {
                    issues.append((.bad, .lineNoise))
                } else if lineRatio >= t.mediumLineNoiseRatio {
                    issues.append((.medium, .lineNoise))
                }
                if hfRatio >= t.badHighFrequencyRatio {
                    issues.append((.bad, .highFrequencyNoise))
                } else if hfRatio >= t.mediumHighFrequencyRatio {
                    issues.append((.medium, .highFrequencyNoise))
                }
            }
        }
        let sorted = issues.sorted { $0.0 > $1.0 }
        return ChannelAssessment(
            grade: sorted.first?.0 ?? .good, issues: sorted.map(\.1), missingFraction: missing, standardDeviation: sd,
            railedFraction: railed, bandAmplitude: bandAmplitude, lineNoiseRatio: lineRatio, highFrequencyRatio: hfRatio,
            mainsFrequency: mainsUsed)
    }

    /// Grades `window` (see ``assess(_:)-(UnsafeBufferPointer<Double>)``).
    package mutating func assess(_ window: [Double]) -> ChannelAssessment {
        window.withUnsafeBufferPointer { assess($0) }
    }
}
