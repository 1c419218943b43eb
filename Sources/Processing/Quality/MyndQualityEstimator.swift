/// The reference app's ("MYND", Hohmann et al. 2020) signal-quality algorithm, reproduced exactly so
/// percentages match what MYND users know:
///
/// 1. every sample is smoothed adaptively, `y = w_old·y_prev + w_new·x` (the first sample passes
///    through; both weights start at 0.5);
/// 2. the smoothed samples are cut into blocks of `samplingRate/2` samples (0.5 s);
/// 3. per block and channel, `v` = population variance of the smoothed values; quality is 0 when
///    `v == 0`, 110 when `v < 150 µV²` (a deliberate overshoot so the average can reach 100), else
///    `150 / v · 100`;
/// 4. the average is an EMA over 5 blocks, `avg = (4·avg + q) / 5`, the first value passing through;
/// 5. the weights are fed back from the average: `w_new = avg/100`, `w_old = 1 − w_new`.
///
/// Quirks kept on purpose (they define the published numbers): the weights become 1.1 / −0.1 when
/// the average is 110, so a good signal is slightly "anti-smoothed"; the variance is of the smoothed,
/// not the raw, signal, so a bad signal is judged through heavy smoothing. What differs: samples
/// that are NaN (dropouts) are skipped instead of shortening the vector, and a block with fewer
/// than half its samples gives NaN with a reason rather than a number (the state is left as it was).
package struct MyndQualityEstimator: Sendable {
    /// The variance threshold in µV² below which a block counts as good (150).
    package static let varianceThreshold = 150.0
    /// The quality a good block gets (110, above 100 so the average can reach 100).
    package static let overshoot = 110.0
    /// The EMA length in blocks (5, i.e. α = 0.2).
    package static let averagingBlocks = 5.0

    /// Samples per block, `Int(samplingRate / 2)`.
    package let blockLength: Int
    /// The number of channels.
    package let channelCount: Int

    private var smoothed: [Double]
    private var hasSmoothed: [Bool]
    private var weightNew: [Double]
    private var weightOld: [Double]
    private var average: [Double]
    private var hasAverage: [Bool]
    /// The smoothed values of the current block, channel c at `c·blockLength`, `filled[c]` of them.
    private var block: [Double]
    private var filled: [Int]
    private var blockSamples = 0

    /// Creates the estimator for `channelCount` channels at `samplingRate` Hz.
    package init(channelCount: Int, samplingRate: Double) {
        self.channelCount = channelCount
        blockLength = max(1, Int(samplingRate / 2))
        smoothed = [Double](repeating: 0, count: channelCount)
        hasSmoothed = [Bool](repeating: false, count: channelCount)
        weightNew = [Double](repeating: 0.5, count: channelCount)
        weightOld = [Double](repeating: 0.5, count: channelCount)
        average = [Double](repeating: 50, count: channelCount)
        hasAverage = [Bool](repeating: false, count: channelCount)
        block = [Double](repeating: 0, count: channelCount * max(1, Int(samplingRate / 2)))
        filled = [Int](repeating: 0, count: channelCount)
    }

    /// The current smoothing weights `(new, old)` of `channel` (for tests and displays).
    package func weights(channel: Int) -> (new: Double, old: Double) { (weightNew[channel], weightOld[channel]) }

    /// Feeds one sample vector (one value per channel, NaN for missing); returns a reading when it
    /// completes a block.
    package mutating func append(_ values: [Double], sampleIndex: Int64) -> MyndQualityReading? {
        values.withUnsafeBufferPointer { append($0, sampleIndex: sampleIndex) }
    }

    /// Feeds one sample vector (see ``append(_:sampleIndex:)-([Double],_)``).
    package mutating func append(_ values: UnsafeBufferPointer<Double>, sampleIndex: Int64) -> MyndQualityReading? {
        let length = blockLength, channels = min(channelCount, values.count)
        // One pass over the channels with every array opened once (this runs for every sample).
        smoothed.withUnsafeMutableBufferPointer { sm in
            hasSmoothed.withUnsafeMutableBufferPointer { has in
                filled.withUnsafeMutableBufferPointer { fill in
                    block.withUnsafeMutableBufferPointer { b in
                        weightOld.withUnsafeBufferPointer { wOld in
                            weightNew.withUnsafeBufferPointer { wNew in
                                for c in 0..<channels {
                                    let x = values[c]
                                    guard x.isFinite else { continue }
                                    let y = has[c] ? wOld[c] * sm[c] + wNew[c] * x : x
                                    has[c] = true
                                    sm[c] = y
                                    b[c &* length &+ fill[c]] = y
                                    fill[c] &+= 1
                                }
                            }
                        }
                    }
                }
            }
        }
        blockSamples += 1
        guard blockSamples == blockLength else { return nil }
        blockSamples = 0
        var blockQuality = [Double](repeating: .nan, count: channelCount)
        var quality = [Double](repeating: .nan, count: channelCount)
        var reasons = [String?](repeating: nil, count: channelCount)
        for c in 0..<channelCount {
            let count = filled[c]
            filled[c] = 0
            guard count * 2 >= blockLength else {
                reasons[c] = "missing data: \(blockLength - count) of \(blockLength) samples in the block"
                continue
            }
            let variance = block.withUnsafeBufferPointer {
                Self.populationVariance(UnsafeBufferPointer(rebasing: $0[(c * blockLength)..<(c * blockLength + count)]))
            }
            let q = Self.quality(variance: variance)
            let avg = hasAverage[c] ? (average[c] * (Self.averagingBlocks - 1) + q) / Self.averagingBlocks : q
            hasAverage[c] = true
            average[c] = avg
            weightNew[c] = avg / 100
            weightOld[c] = 1 - weightNew[c]
            blockQuality[c] = q
            quality[c] = avg
        }
        return MyndQualityReading(sampleIndex: sampleIndex, blockQuality: blockQuality, quality: quality, invalidReasons: reasons)
    }

    /// A block's quality from the variance of its smoothed values (step 3).
    package static func quality(variance v: Double) -> Double {
        if v == 0 { return 0 }
        if v < varianceThreshold { return overshoot }
        return varianceThreshold / v * 100
    }

    /// The population variance (denominator N), computed in two passes for accuracy.
    static func populationVariance(_ values: UnsafeBufferPointer<Double>) -> Double {
        let n = Double(values.count)
        var sum = 0.0
        for v in values { sum += v }
        let mean = sum / n
        var squares = 0.0
        for v in values { squares += (v - mean) * (v - mean) }
        return squares / n
    }
}
