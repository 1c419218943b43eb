/// The after-the-fact judgement of one channel of a recording.
package struct ChannelAnalysis: Sendable, Codable, Equatable {
    /// The channel's name.
    package var name: String
    /// Whole-recording band powers (Welch over the segments free of gaps and, unless
    /// ``RecordingAnalysis/includesBadWindows``, of windows graded bad or off the head).
    package var bandPowers: BandPowers
    /// Welch segments averaged.
    package var segmentsUsed: Int
    /// Welch segments left out: they touched a gap, or a window graded bad or off the head.
    package var segmentsSkipped: Int
    /// Mean of the MYND-mode quality (percent, clamped at 100 as displays show it) over all blocks.
    package var myndQualityMean: Double
    /// Fraction of MYND blocks at or above 100 % (the reference's "good" threshold).
    package var myndGoodFraction: Double
    /// Mean of the line-noise-mode quality in percent over all valid readings.
    package var lineNoiseQualityMean: Double
    /// Fractions of graded windows that were good (1), medium (2) and bad (4).
    package var gradeFractions: [Double]
    /// How often each issue occurred, as a fraction of graded windows.
    package var issueFractions: [String: Double]

    /// Creates an analysis.
    package init(
        name: String, bandPowers: BandPowers, segmentsUsed: Int, segmentsSkipped: Int, myndQualityMean: Double, myndGoodFraction: Double,
        lineNoiseQualityMean: Double, gradeFractions: [Double], issueFractions: [String: Double]
    ) {
        self.name = name
        self.bandPowers = bandPowers
        self.segmentsUsed = segmentsUsed
        self.segmentsSkipped = segmentsSkipped
        self.myndQualityMean = myndQualityMean
        self.myndGoodFraction = myndGoodFraction
        self.lineNoiseQualityMean = lineNoiseQualityMean
        self.gradeFractions = gradeFractions
        self.issueFractions = issueFractions
    }
}
