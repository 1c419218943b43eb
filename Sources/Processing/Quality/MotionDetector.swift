public import DataSources

/// Judges head movement from an accelerometer stream, one window at a time: a window in which any
/// axis varies by more than ``VerdictCriteria/movingAcceleration`` (standard deviation, in g) counts
/// as moving. EEG recorded while the head moves carries movement artefacts even where the amplitude
/// checks do not catch them, so the session verdict counts these windows towards
/// ``SessionVerdict/motionTooHigh``.
///
/// Windows are consecutive and one second long (at the stream's rate); rows with a missing value are
/// left out of their window, and a window with fewer than half its rows present is not judged.
package struct MotionDetector: Sendable {
    /// Rows per window.
    package let windowLength: Int
    /// The standard deviation (g) above which a window counts as moving.
    package let threshold: Double
    private var count = 0
    private var present = 0
    private var sums = [Double](repeating: 0, count: 3)
    private var squares = [Double](repeating: 0, count: 3)

    /// A detector for an accelerometer sampled at `samplingRate` Hz.
    package init(samplingRate: Double, threshold: Double) {
        windowLength = max(1, Int(samplingRate.isFinite && samplingRate > 0 ? samplingRate.rounded() : 52))
        self.threshold = threshold
    }

    /// Takes an accelerometer block (x, y, z in g) and returns, for each window it completed, whether
    /// the head moved in it.
    package mutating func take(_ block: SampleBlock) -> [Bool] {
        var verdicts: [Bool] = []
        let width = block.channelCount
        guard width >= 1 else { return verdicts }
        for r in 0..<block.count {
            count += 1
            var complete = true
            for axis in 0..<min(3, width) where !block.values[r * width + axis].isFinite { complete = false }
            if complete {
                present += 1
                for axis in 0..<min(3, width) {
                    let v = block.values[r * width + axis]
                    sums[axis] += v
                    squares[axis] += v * v
                }
            }
            if count == windowLength {
                if present * 2 >= windowLength {
                    let n = Double(present)
                    let deviation =
                        (0..<3).map { axis -> Double in
                            let mean = sums[axis] / n
                            return (max(0, squares[axis] / n - mean * mean)).squareRoot()
                        }.max() ?? 0
                    verdicts.append(deviation > threshold)
                }
                count = 0
                present = 0
                for axis in 0..<3 {
                    sums[axis] = 0
                    squares[axis] = 0
                }
            }
        }
        return verdicts
    }
}
