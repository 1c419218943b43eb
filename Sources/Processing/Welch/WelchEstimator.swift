/// Welch's averaged-periodogram PSD, matching `scipy.signal.welch(x, fs, window='hann', nperseg,
/// noverlap, detrend='constant', scaling='density')` (one-sided, mean average) to rounding.
///
/// Each segment of ``WelchParameters/segmentLength`` samples, ``WelchParameters/step`` apart, has its
/// mean removed, is tapered and transformed with the in-house ``RealFFT``; `|X|²` is scaled by
/// `1/(fs·Σw²)` and doubled for every bin but DC (and Nyquist when the length is even). Make one per
/// parameter set and reuse it: window, plan and buffers are kept, nothing is allocated per call.
package struct WelchEstimator: Sendable {
    /// The parameters the estimate follows.
    package let parameters: WelchParameters
    /// The sampling rate in Hz.
    package let samplingRate: Double

    private var fft: RealFFT
    private let window: [Double]
    private let scale: Double
    private var segment: [Double]
    private var scratch: [Double]
    private var power: [Double]

    /// Prepares an estimator for signals sampled at `samplingRate` Hz.
    package init(parameters: WelchParameters, samplingRate: Double) {
        self.parameters = parameters
        self.samplingRate = samplingRate
        let n = parameters.segmentLength
        fft = RealFFT(size: n)
        window = parameters.window.coefficients(n)
        scale = 1 / (samplingRate * window.reduce(0) { $0 + $1 * $1 })
        segment = [Double](repeating: 0, count: n)
        scratch = [Double](repeating: 0, count: 2 * (n / 2 + 1))
        power = [Double](repeating: 0, count: n / 2 + 1)
    }

    /// The number of frequency bins of every spectrum, `nperseg/2 + 1`.
    package var binCount: Int { parameters.segmentLength / 2 + 1 }

    /// The bin spacing in Hz.
    package var resolution: Double { samplingRate / Double(parameters.segmentLength) }

    /// The PSD of `signal`; all NaN with `segmentCount == 0` when the signal is shorter than one
    /// segment (a number from less data would not be the method the parameters state).
    package mutating func spectrum(_ signal: [Double]) -> PowerSpectrum {
        signal.withUnsafeBufferPointer { spectrum($0) }
    }

    /// The PSD of `signal` (see ``spectrum(_:)-([Double])``).
    package mutating func spectrum(_ signal: UnsafeBufferPointer<Double>) -> PowerSpectrum {
        var density = [Double](repeating: 0, count: binCount)
        let count = density.withUnsafeMutableBufferPointer { spectrum(signal, into: $0.baseAddress!) }
        return PowerSpectrum(density: density, resolution: resolution, segmentCount: count)
    }

    /// Writes the PSD of `signal` into `density` (``binCount`` values) and returns the number of
    /// segments averaged (0: too short, density set to NaN).
    @discardableResult
    package mutating func spectrum(_ signal: UnsafeBufferPointer<Double>, into density: UnsafeMutablePointer<Double>) -> Int {
        let bins = binCount
        let segments = parameters.segmentCount(for: signal.count)
        guard segments > 0 else {
            density.update(repeating: .nan, count: bins)
            return 0
        }
        density.update(repeating: 0, count: bins)
        let step = parameters.step
        let x = signal.baseAddress!
        var local = power  // moved out so segmentPower may mutate self meanwhile
        power = []
        local.withUnsafeMutableBufferPointer { pw in
            for j in 0..<segments {
                segmentPower(x + j * step, into: pw.baseAddress!)
                for k in 0..<bins { density[k] += pw[k] }
            }
        }
        power = local
        finish(density, segmentCount: segments)
        return segments
    }

    /// The raw periodogram `|FFT(w·(x − mean))|²` of the one segment starting at `segment`
    /// (``WelchParameters/segmentLength`` samples), written to `power` (``binCount`` values): the
    /// part of the estimate that a caller sliding a window along a stream can compute once per
    /// segment and reuse (see ``SegmentCachedWelch``).
    package mutating func segmentPower(_ segment: UnsafePointer<Double>, into power: UnsafeMutablePointer<Double>) {
        let n = parameters.segmentLength
        var mean = 0.0
        if parameters.removeSegmentMean {
            mean = VectorSum.of(segment, count: n) / Double(n)
        }
        window.withUnsafeBufferPointer { w in
            self.segment.withUnsafeMutableBufferPointer { seg in
                scratch.withUnsafeMutableBufferPointer { scr in
                    for i in 0..<n { seg[i] = (segment[i] - mean) * w[i] }
                    fft.powerSpectrum(seg.baseAddress!, into: power, scratch: scr.baseAddress!)
                }
            }
        }
    }

    /// Turns the sum of `segmentCount` segment periodograms in `density` into the one-sided density
    /// in place: scaled by `1/(fs·Σw²·segments)`, doubled except at DC (and Nyquist for even lengths).
    package func finish(_ density: UnsafeMutablePointer<Double>, segmentCount: Int) {
        let bins = binCount, n = parameters.segmentLength
        let factor = scale / Double(segmentCount)
        let lastDoubled = n % 2 == 0 ? bins - 2 : bins - 1
        for k in 0..<bins {
            density[k] *= (k >= 1 && k <= lastDoubled) ? 2 * factor : factor
        }
    }
}
