/// The graded quality of one channel over one window, with the measures it was graded from.
package struct ChannelAssessment: Sendable, Codable, Equatable {
    /// The grade: the worst any measure gave.
    package var grade: QualityGrade
    /// Every measure that was not good, worst first.
    package var issues: [QualityIssue]
    /// Fraction of missing (NaN) samples.
    package var missingFraction: Double
    /// Raw standard deviation in µV (NaN when missing).
    package var standardDeviation: Double
    /// Fraction of railed or stuck-at-extreme samples.
    package var railedFraction: Double
    /// SD of the 1–40 Hz band in µV, `sqrt(∫₁⁴⁰ PSD)` (NaN when not computable).
    package var bandAmplitude: Double
    /// P(mains ± 1 Hz) / P(1–45 Hz).
    package var lineNoiseRatio: Double
    /// P(45–100 Hz without mains ± 2 Hz and its harmonic) / P(1–45 Hz).
    package var highFrequencyRatio: Double
    /// The mains frequency the line-noise ratio used, in Hz.
    package var mainsFrequency: Double

    /// Creates an assessment.
    package init(
        grade: QualityGrade, issues: [QualityIssue], missingFraction: Double, standardDeviation: Double, railedFraction: Double,
        bandAmplitude: Double, lineNoiseRatio: Double, highFrequencyRatio: Double, mainsFrequency: Double
    ) {
        self.grade = grade
        self.issues = issues
        self.missingFraction = missingFraction
        self.standardDeviation = standardDeviation
        self.railedFraction = railedFraction
        self.bandAmplitude = bandAmplitude
        self.lineNoiseRatio = lineNoiseRatio
        self.highFrequencyRatio = highFrequencyRatio
        self.mainsFrequency = mainsFrequency
    }

    /// The reason band powers of this window are NaN, or nil when they are meaningful: a bad grade
    /// from an issue that corrupts the EEG bands (see ``QualityIssue/invalidatesBandPower``).
    package var bandPowerInvalidReason: String? {
        guard grade == .bad else { return nil }
        return issues.first(where: \.invalidatesBandPower).map { "window graded bad: \($0.rawValue)" }
    }
}
