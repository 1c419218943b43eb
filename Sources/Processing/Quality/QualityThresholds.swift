/// The thresholds of the graded signal quality (``SignalGrader``). Defaults follow the field
/// (eeg-methods.md §C.3): EEG-ExPy's 1–18 µV SD pass range for Muse, PREP-style ratios.
package struct QualityThresholds: Sendable, Codable, Equatable {
    /// Fraction of missing (NaN) samples above which a window is bad (default 0.1).
    package var maximumMissingFraction: Double
    /// Raw SD in µV below which a channel is flat (default 1 µV).
    package var flatStandardDeviation: Double
    /// Absolute value in µV at or beyond which a sample counts as railed (default 1000 µV; the Muse's
    /// range is about ±840 µV around its offset).
    package var railLimit: Double
    /// Fraction of railed or stuck-at-extreme samples above which a window is railed (default 0.05).
    package var maximumRailedFraction: Double
    /// 1–40 Hz SD in µV up to which a channel is good (default 18) …
    package var goodAmplitude: Double
    /// … and beyond which it is bad (default 50; in between: medium).
    package var badAmplitude: Double
    /// Line-noise ratio P(mains ± 1 Hz) / P(1–45 Hz) from which a channel is medium (default 0.25) …
    package var mediumLineNoiseRatio: Double
    /// … and bad (default 1: more hum than EEG).
    package var badLineNoiseRatio: Double
    /// High-frequency ratio P(45–100 Hz, mains excluded) / P(1–45 Hz) from which a channel is medium
    /// (default 0.3) …
    package var mediumHighFrequencyRatio: Double
    /// … and bad (default 1).
    package var badHighFrequencyRatio: Double

    /// Creates thresholds; every parameter has the documented default.
    package init(
        maximumMissingFraction: Double = 0.1, flatStandardDeviation: Double = 1, railLimit: Double = 1000,
        maximumRailedFraction: Double = 0.05, goodAmplitude: Double = 18, badAmplitude: Double = 50,
        mediumLineNoiseRatio: Double = 0.25, badLineNoiseRatio: Double = 1, mediumHighFrequencyRatio: Double = 0.3,
        badHighFrequencyRatio: Double = 1
    ) {
        self.maximumMissingFraction = maximumMissingFraction
        self.flatStandardDeviation = flatStandardDeviation
        self.railLimit = railLimit
        self.maximumRailedFraction = maximumRailedFraction
        self.goodAmplitude = goodAmplitude
        self.badAmplitude = badAmplitude
        self.mediumLineNoiseRatio = mediumLineNoiseRatio
        self.badLineNoiseRatio = badLineNoiseRatio
        self.mediumHighFrequencyRatio = mediumHighFrequencyRatio
        self.badHighFrequencyRatio = badHighFrequencyRatio
    }
}
