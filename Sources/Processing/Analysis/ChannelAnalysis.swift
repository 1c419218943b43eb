/// The after-the-fact judgement of one channel of a recording.
public struct ChannelAnalysis: Sendable, Codable, Equatable {
    /// The channel's name.
    public var name: String
    /// Whole-recording band powers (Welch over the segments free of gaps and, unless
    /// ``RecordingAnalysis/includesBadWindows``, of windows graded bad or off the head).
    public var bandPowers: BandPowers
    /// Welch segments averaged.
    public var segmentsUsed: Int
    /// Welch segments left out: they touched a gap, or a window graded bad or off the head.
    public var segmentsSkipped: Int
    /// Mean of the MYND-mode quality (percent, clamped at 100 as displays show it) over all blocks.
    public var myndQualityMean: Double
    /// Fraction of MYND blocks at or above 100 % (the reference's "good" threshold).
    public var myndGoodFraction: Double
    /// Mean of the line-noise-mode quality in percent over all valid readings.
    public var lineNoiseQualityMean: Double
    /// Fractions of graded windows that were good (1), medium (2) and bad (4).
    public var gradeFractions: [Double]
    /// How often each issue occurred, as a fraction of graded windows.
    public var issueFractions: [String: Double]

    /// Creates an analysis.
    public init(
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
