/// Welch's PSD over a signal of any length delivered in pieces (a whole recording read block by
/// block), one spectrum per channel: the same segments as ``WelchEstimator`` over the whole signal
/// (starting at sample 0, ``WelchParameters/step`` apart), so without gaps it equals
/// `scipy.signal.welch` over the whole recording. Segments that contain a missing (NaN) sample are
/// left out and counted, instead of poisoning the average.
package struct WelchAccumulator: Sendable {
    /// The parameters of the estimate.
    package let parameters: WelchParameters
    /// The number of channels.
    package let channelCount: Int
    /// Segments averaged so far, per channel.
    package private(set) var segmentsUsed: [Int]
    /// Segments left out because they held missing samples, per channel.
    package private(set) var segmentsSkipped: [Int]

    private var estimator: WelchEstimator
    private var history: SampleHistory
    private var sums: [[Double]]
    private var density: [Double]

    /// Prepares an accumulator for `channelCount` channels at `samplingRate` Hz.
    package init(parameters: WelchParameters, channelCount: Int, samplingRate: Double) {
        self.parameters = parameters
        self.channelCount = channelCount
        estimator = WelchEstimator(parameters: parameters, samplingRate: samplingRate)
        history = SampleHistory(channelCount: channelCount, capacity: parameters.segmentLength)
        sums = [[Double]](repeating: [Double](repeating: 0, count: parameters.segmentLength / 2 + 1), count: channelCount)
        density = [Double](repeating: 0, count: parameters.segmentLength / 2 + 1)
        segmentsUsed = [Int](repeating: 0, count: channelCount)
        segmentsSkipped = [Int](repeating: 0, count: channelCount)
    }

    /// Appends one sample vector (NaN for missing values).
    package mutating func append(_ row: UnsafeBufferPointer<Double>) {
        history.append(row)
        let n = Int64(parameters.segmentLength)
        guard history.total >= n, (history.total - n) % Int64(parameters.step) == 0 else { return }
        for c in 0..<channelCount {
            let ok = history.withWindow(channel: c, length: parameters.segmentLength) { window -> Bool in
                // A missing sample makes the sum non-finite (see VectorSum).
                guard VectorSum.of(window.baseAddress!, count: window.count).isFinite else { return false }
                density.withUnsafeMutableBufferPointer { _ = estimator.spectrum(window, into: $0.baseAddress!) }
                return true
            }
            if ok {
                density.withUnsafeBufferPointer { d in
                    sums[c].withUnsafeMutableBufferPointer { sum in
                        for k in 0..<d.count { sum[k] += d[k] }
                    }
                }
                segmentsUsed[c] += 1
            } else {
                segmentsSkipped[c] += 1
            }
        }
    }

    /// Appends frames' values.
    package mutating func append(_ values: [Double]) {
        values.withUnsafeBufferPointer { append($0) }
    }

    /// The averaged spectrum of `channel` (NaN with `segmentCount == 0` when no segment was usable).
    package func spectrum(channel: Int) -> PowerSpectrum {
        let used = segmentsUsed[channel]
        let density = used > 0 ? sums[channel].map { $0 / Double(used) } : sums[channel].map { _ in .nan }
        return PowerSpectrum(density: density, resolution: estimator.resolution, segmentCount: used)
    }
}
