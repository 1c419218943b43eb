/// Settings of the streaming ``SignalProcessor``; every field has a documented default.
public struct ProcessorConfiguration: Sendable, Equatable {
    /// The mains frequency for the line-noise measures (default: detected).
    public var mains: MainsFrequency
    /// Seconds between band-power updates (default 1 s; 0 or infinity: no band-power updates).
    public var bandPowerInterval: Double
    /// Seconds of signal each band-power update covers (default 4 s).
    public var bandPowerWindow: Double
    /// The band-power method; `nil` takes ``BandPowerMethod/standard(samplingRate:)`` (2 s Hann
    /// segments, 50 % overlap, standard bands, half-open rectangle rule, 1–45 Hz denominator).
    public var bandPowerMethod: BandPowerMethod?
    /// Seconds of signal each graded assessment covers (default 2 s, updated every 0.5 s).
    public var qualityWindow: Double
    /// The grading thresholds.
    public var thresholds: QualityThresholds
    /// The session-verdict criteria.
    public var criteria: VerdictCriteria

    /// Creates a configuration; see each property for its default.
    public init(
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
