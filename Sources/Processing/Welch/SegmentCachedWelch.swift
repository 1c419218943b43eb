/// A ``WelchEstimator`` for a window sliding along a stream: each segment's periodogram is computed
/// once and reused by the following windows that contain it (a 4 s window moved by 1 s with 2 s
/// segments 50 % apart shares two of its three segments with the previous one). The result is
/// bit-identical to ``WelchEstimator/spectrum(_:into:)`` over the same window: the same
/// per-segment values are summed in the same order.
package struct SegmentCachedWelch: Sendable {
    /// The estimator doing the work.
    package private(set) var estimator: WelchEstimator
    private var starts: [Int64]
    private var powers: [[Double]]
    private var next = 0
    private var sum: [Double]

    /// Creates a cache that remembers the last `capacity` segments (at least the segments per window).
    package init(parameters: WelchParameters, samplingRate: Double, capacity: Int) {
        estimator = WelchEstimator(parameters: parameters, samplingRate: samplingRate)
        starts = [Int64](repeating: -1, count: max(1, capacity))
        powers = [[Double]](repeating: [Double](repeating: 0, count: parameters.segmentLength / 2 + 1), count: max(1, capacity))
        sum = [Double](repeating: 0, count: parameters.segmentLength / 2 + 1)
    }

    /// The PSD of `window`, whose first sample has the stream position `firstIndex`, into `density`
    /// (``WelchEstimator/binCount`` values). Returns the number of segments (0: too short, NaN).
    /// The window must hold no NaN (callers check; cached segments are keyed by position only).
    @discardableResult
    package mutating func spectrum(_ window: UnsafeBufferPointer<Double>, firstIndex: Int64, into density: UnsafeMutablePointer<Double>) -> Int {
        let parameters = estimator.parameters
        let segments = parameters.segmentCount(for: window.count)
        let bins = estimator.binCount
        guard segments > 0 else {
            density.update(repeating: .nan, count: bins)
            return 0
        }
        density.update(repeating: 0, count: bins)
        for j in 0..<segments {
            let start = firstIndex + Int64(j * parameters.step)
            var slot = starts.firstIndex(of: start)
            if slot == nil {
                let s = next
                next = (next + 1) % starts.count
                var power = powers[s]
                powers[s] = []
                power.withUnsafeMutableBufferPointer { estimator.segmentPower(window.baseAddress! + j * parameters.step, into: $0.baseAddress!) }
                powers[s] = power
                starts[s] = start
                slot = s
            }
            powers[slot!].withUnsafeBufferPointer { p in
                for k in 0..<bins { density[k] += p[k] }
            }
        }
        estimator.finish(density, segmentCount: segments)
        return segments
    }

    /// The PSD of `window` as a ``PowerSpectrum`` (see ``spectrum(_:firstIndex:into:)``).
    package mutating func spectrum(_ window: UnsafeBufferPointer<Double>, firstIndex: Int64) -> PowerSpectrum {
        var density = sum
        let count = density.withUnsafeMutableBufferPointer { spectrum(window, firstIndex: firstIndex, into: $0.baseAddress!) }
        return PowerSpectrum(density: density, resolution: estimator.resolution, segmentCount: count)
    }
}
