/// One block's result of the MYND signal-quality algorithm (``MyndQualityEstimator``), per channel.
package struct MyndQualityReading: Sendable, Equatable, Codable {
    /// The index of the last sample of the block.
    package var sampleIndex: Int64
    /// The block's quality per channel, 0…110: 0 for a flat line, 110 when the variance of the
    /// smoothed signal is below 150 µV², else `150 / variance · 100`. NaN when the block had too few
    /// samples (see ``invalidReasons``).
    package var blockQuality: [Double]
    /// The running average per channel, in percent (0…110; displays clamp at 100, as the reference's
    /// fitting rings did): what MYND users know as signal quality. NaN with a reason when missing.
    package var quality: [Double]
    /// Per channel, why the values are NaN (nil when they are valid).
    package var invalidReasons: [String?]

    /// Creates a reading.
    package init(sampleIndex: Int64, blockQuality: [Double], quality: [Double], invalidReasons: [String?]) {
        self.sampleIndex = sampleIndex
        self.blockQuality = blockQuality
        self.quality = quality
        self.invalidReasons = invalidReasons
    }
}
