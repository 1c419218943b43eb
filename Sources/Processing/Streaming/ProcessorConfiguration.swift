/// Settings of the streaming ``SignalProcessor``; every field has a documented default.
package struct ProcessorConfiguration: Sendable, Equatable {
    /// The mains frequency for the line-noise measures (default: detected).
    package var mains: MainsFrequency
    /// Seconds between band-power updates (default 1 s; 0 or infinity: no band-power updates).
    package var bandPowerInterval: Double
    /// Seconds of signal each band-power update covers (default 4 s).
    package var bandPowerWindow: Double
    /// The band-power method; `nil` takes ``BandPowerMethod/standard(samplingRate:)`` (2 s Hann
    /// segments, 50 % overlap, standard bands, half-open rectangle rule, 1–45 Hz denominator).
    package var bandPowerMethod: BandPowerMethod?
    /// Seconds of signal each graded assessment covers (default 2 s, updated every 0.5 s).
    package var qualityWindow: Double
    /// The grading thresholds.
    package var thresholds: QualityThresholds
    /// The session-verdict criteria.
    package var criteria: VerdictCriteria

    /// Creates a configuration; see each property for its default.
    package init(
        mains: MainsFrequency = .detect, bandPowerInterval: Double = 1, bandPowerWindow: Double = 4, bandPowerMethod: BandPowerMethod? = nil,
        qualityWindow: Double = 2, thresholds: QualityThresholds = .init(), criteria: VerdictCriteria = .init()
    ) {
        self.mains = mains
        self.bandPowerInterval = bandPowerInterval
        self.bandPowerWindow = bandPowerWindow
        self.bandPowerMethod = bandPowerMethod
        self.qualityWindow = qualityWindow
        self.thresholds = thresholds
        self.criteria = criteria
    }
}
