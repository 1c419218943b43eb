import Foundation

/// The reference app's line-noise mode ("noiseDetection"), with its two defects fixed.
///
/// Every second, per channel, the last 4 s of signal (N = 4·rate samples) have their mean removed,
/// are tapered with the symmetric Hann window `0.5·(1 − cos(2πn/(N−1)))` and transformed; the
/// amplitude `|X|·2/N` (zeros replaced by 1) is taken as `xf = ln(amplitude)`, bin k at k·rate/N Hz.
/// Then, with all ranges inclusive:
/// - `spectrum[f]`, f = 0…59: mean of `xf[⌊f·N/rate⌋ … ⌈(f+1)·N/rate⌉]`;
/// - `alpha`: mean of `xf[⌊8N/rate⌋ … ⌈12N/rate⌉]`;
/// - `noise`: mean of `xf[⌊(m−1)N/rate⌋ … ⌈(m+1)N/rate⌉]` for mains frequency m;
/// - quality `clamp(−50·noise + 50, 0, 100)`: a mean ln-amplitude of ≤ −1 gives 100 %, 0 gives 50 %.
///
/// Fixed: the mains frequency is configurable or detected (the reference hard-coded 50 Hz), and
/// nothing is reported from a zero-filled buffer: until 4 s of signal were seen the values are NaN
/// with the reason "warming up" (the reference read "good" for the first seconds). Also, the
/// transform has the full N points (the reference truncated to a power of two, which only agrees at
/// 256 Hz-like rates).
package struct LineNoiseEstimator: Sendable {
    /// Samples in the analysis window (4 s).
    package let windowLength: Int
    /// Samples between readings (1 s).
    package let updateInterval: Int
    /// The sampling rate in Hz.
    package let samplingRate: Double
    /// The mains frequency setting.
    package let mains: MainsFrequency
    /// The number of channels.
    package let channelCount: Int

    /// The ring buffers, channel c at `c·windowLength`.
    private var history: [Double]
    private var position = 0
    private var seen = 0
    private var sinceUpdate = 0
    private var fft: RealFFT
    private let window: [Double]
    private var work: [Double]
    private var spectrumRe: [Double], spectrumIm: [Double]
    /// `|X[k]|·2/N` of the current channel (zeros replaced by 1), whose logarithms are the reference's `xf`.
    private var lnAmplitude: [Double]

    /// Creates the estimator; `windowSeconds` and `updateSeconds` default to the reference's 4 and 1.
    package init(channelCount: Int, samplingRate: Double, mains: MainsFrequency = .detect, windowSeconds: Double = 4, updateSeconds: Double = 1) {
        self.channelCount = channelCount
        self.samplingRate = samplingRate
        self.mains = mains
        windowLength = max(8, Int((samplingRate * windowSeconds).rounded()))
        updateInterval = max(1, Int((samplingRate * updateSeconds).rounded()))
        history = [Double](repeating: 0, count: max(8, Int((samplingRate * windowSeconds).rounded())) * channelCount)
        fft = RealFFT(size: windowLength)
        window = WindowFunction.hannSymmetric.coefficients(windowLength)
        work = [Double](repeating: 0, count: windowLength)
        spectrumRe = [Double](repeating: 0, count: windowLength / 2 + 1)
        spectrumIm = spectrumRe
        lnAmplitude = spectrumRe
    }

    /// Feeds one sample vector (NaN for missing values); returns a reading once per update interval.
    package mutating func append(_ values: UnsafeBufferPointer<Double>, sampleIndex: Int64) -> LineNoiseReading? {
        let n = windowLength, p = position
        history.withUnsafeMutableBufferPointer { h in
            for c in 0..<channelCount { h[c &* n &+ p] = values[c] }
        }
        position += 1
        if position == windowLength { position = 0 }
        seen += 1
        sinceUpdate += 1
        guard sinceUpdate == updateInterval else { return nil }
        sinceUpdate = 0
        return reading(sampleIndex: sampleIndex)
    }

    /// Feeds one sample vector (see ``append(_:sampleIndex:)-(UnsafeBufferPointer<Double>,_)``).
    package mutating func append(_ values: [Double], sampleIndex: Int64) -> LineNoiseReading? {
        values.withUnsafeBufferPointer { append($0, sampleIndex: sampleIndex) }
    }

    private mutating func reading(sampleIndex: Int64) -> LineNoiseReading {
        let n = windowLength
        let nan = [Double](repeating: .nan, count: channelCount)
        guard seen >= n else {
            let reason = "warming up: \(String(format: "%.1f", Double(n - seen) / samplingRate)) s more signal needed for the 4 s window"
            return LineNoiseReading(
                sampleIndex: sampleIndex, mainsFrequency: fixedMains ?? .nan, quality: nan, noise: nan, alpha: nan,
                spectrum: [[Double]](repeating: [Double](repeating: .nan, count: 60), count: channelCount),
                invalidReasons: [String?](repeating: reason, count: channelCount))
        }
        var noise50 = nan, noise60 = nan, alpha = nan
        var spectra = [[Double]](repeating: [Double](repeating: .nan, count: 60), count: channelCount)
        var reasons = [String?](repeating: nil, count: channelCount)
        for c in 0..<channelCount {
            guard lnAmplitudes(channel: c) else {
                reasons[c] = "missing data in the 4 s window"
                continue
            }
            var row = [Double](repeating: .nan, count: 60)
            for f in 0..<60 { row[f] = meanLn(from: Double(f), to: Double(f + 1)) }
            spectra[c] = row
            alpha[c] = meanLn(from: 8, to: 12)
            noise50[c] = meanLn(from: 49, to: 51)
            noise60[c] = meanLn(from: 59, to: 61)
        }
        let mainsUsed: Double
        if let fixed = fixedMains {
            mainsUsed = fixed
        } else {
            // Detected: the frequency with the larger mean ln-amplitude over the valid channels.
            let valid = (0..<channelCount).filter { reasons[$0] == nil && noise50[$0].isFinite && noise60[$0].isFinite }
            let difference = valid.reduce(0.0) { $0 + noise60[$1] - noise50[$1] }
            mainsUsed = difference > 0 ? 60 : 50
        }
        var noise = nan
        if mainsUsed == 50 { noise = noise50 } else if mainsUsed == 60 { noise = noise60 }
        if mainsUsed != 50 && mainsUsed != 60 {
            for c in 0..<channelCount where reasons[c] == nil {
                _ = lnAmplitudes(channel: c)
                noise[c] = meanLn(from: mainsUsed - 1, to: mainsUsed + 1)
            }
        }
        let quality = noise.map { $0.isNaN ? Double.nan : min(100, max(0, -50 * $0 + 50)) }
        return LineNoiseReading(
            sampleIndex: sampleIndex, mainsFrequency: mainsUsed, quality: quality, noise: noise, alpha: alpha, spectrum: spectra,
            invalidReasons: reasons)
    }

    private var fixedMains: Double? {
        if case .fixed(let f) = mains { return f }
        return nil
    }

    /// Fills `lnAmplitude` for `channel`'s current window; false if the window holds NaN.
    private mutating func lnAmplitudes(channel c: Int) -> Bool {
        let n = windowLength
        var mean = 0.0
        // Oldest first: the ring from `position` to its end, then from its start.
        let tail = n - position
        history.withUnsafeBufferPointer { h in
            work.withUnsafeMutableBufferPointer { w in
                let lane = h.baseAddress! + c * n
                w.baseAddress!.update(from: lane + position, count: tail)
                (w.baseAddress! + tail).update(from: lane, count: position)
            }
        }
        let finite = work.withUnsafeMutableBufferPointer { w -> Bool in
            // A missing sample makes the sum non-finite (see VectorSum).
            mean = VectorSum.of(w.baseAddress!, count: n)
            guard mean.isFinite else { return false }
            mean /= Double(n)
            window.withUnsafeBufferPointer { win in
                for i in 0..<n { w[i] = (w[i] - mean) * win[i] }
            }
            return true
        }
        guard finite else { return false }
        work.withUnsafeBufferPointer { x in
            spectrumRe.withUnsafeMutableBufferPointer { r in
                spectrumIm.withUnsafeMutableBufferPointer { im in
                    fft.forward(x.baseAddress!, real: r.baseAddress!, imaginary: im.baseAddress!)
                }
            }
        }
        let scale = 2 / Double(n)
        // Only the bins the ranges can reach (up to ⌈61·N/fs⌉, or the mains + 1 Hz) need a logarithm.
        let reach = max(61, (fixedMains ?? 0) + 1)
        let needed = min(lnAmplitude.count, Int((reach * Double(n) / samplingRate).rounded(.up)) + 1)
        spectrumRe.withUnsafeBufferPointer { re in
            spectrumIm.withUnsafeBufferPointer { im in
                lnAmplitude.withUnsafeMutableBufferPointer { a in
                    for k in 0..<needed {
                        let amplitude = (re[k] * re[k] + im[k] * im[k]).squareRoot() * scale
                        a[k] = amplitude == 0 ? 1 : amplitude  // the reference's zero → 1 (ln 1 = 0)
                    }
                }
            }
        }
        return true
    }

    /// The mean of `xf[⌊lo·N/fs⌋ … ⌈hi·N/fs⌉]` (inclusive), limited to the one-sided bins: computed
    /// as the logarithm of the amplitudes' product (one `log` per range instead of one per bin; the
    /// product is folded into the sum of logs before it could leave the normal range).
    private func meanLn(from lo: Double, to hi: Double) -> Double {
        let scale = Double(windowLength) / samplingRate
        let first = max(0, Int((lo * scale).rounded(.down)))
        let last = min(lnAmplitude.count - 1, Int((hi * scale).rounded(.up)))
        guard first <= last else { return .nan }
        var sum = 0.0
        var product = 1.0
        for k in first...last {
            product *= lnAmplitude[k]
            if product < 1e-250 || product > 1e250 {
                sum += Foundation.log(product)
                product = 1
            }
        }
        sum += Foundation.log(product)
        return sum / Double(last - first + 1)
    }
}
