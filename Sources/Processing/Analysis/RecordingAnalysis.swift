/// The after-the-fact judgement of a whole recording: per-channel band power and quality, the
/// session verdict, and every method parameter, so the numbers can be reproduced elsewhere.
package struct RecordingAnalysis: Sendable, Codable, Equatable {
    /// The version of the processing algorithms (``ProcessingModule/algorithmVersion``).
    package var algorithmVersion: String
    /// The sampling rate in Hz.
    package var samplingRate: Double
    /// Samples analysed (gap rows included).
    package var sampleCount: Int64
    /// Seconds of signal.
    package var durationSeconds: Double
    /// The band-power method (Welch window, nperseg, noverlap, bands, integration rule, denominator).
    package var bandPowerMethod: BandPowerMethod
    /// The mains frequency the line-noise measures used (the configured one, or the one detected
    /// most often).
    package var mainsFrequency: Double?
    /// The graded-quality window in seconds (updated every 0.5 s).
    package var qualityWindowSeconds: Double
    /// The thresholds of the grades.
    package var thresholds: QualityThresholds
    /// The verdict criteria.
    package var criteria: VerdictCriteria
    /// The session verdict; `nil` when the recording is shorter than one quality window.
    package var verdict: SessionVerdict?
    /// The verdict's evidence.
    package var summary: SessionQualitySummary
    /// Per channel.
    package var channels: [ChannelAnalysis]
    /// Whether band power kept the windows graded bad or off the head (`--include-bad-windows`);
    /// by default they are left out with the segments touching a gap.
    package var includesBadWindows: Bool
    /// Whether the quality windows were read from the recording's `/Quality` or recomputed, and why.
    package var qualityOrigin: QualityOrigin

    /// Creates an analysis.
    package init(
        algorithmVersion: String = ProcessingModule.algorithmVersion, samplingRate: Double, sampleCount: Int64, durationSeconds: Double,
        bandPowerMethod: BandPowerMethod, mainsFrequency: Double?, qualityWindowSeconds: Double, thresholds: QualityThresholds,
        criteria: VerdictCriteria, verdict: SessionVerdict?, summary: SessionQualitySummary, channels: [ChannelAnalysis],
        includesBadWindows: Bool = false, qualityOrigin: QualityOrigin = .recomputed("computed from the samples")
    ) {
        self.qualityOrigin = qualityOrigin
        self.includesBadWindows = includesBadWindows
        self.algorithmVersion = algorithmVersion
        self.samplingRate = samplingRate
        self.sampleCount = sampleCount
        self.durationSeconds = durationSeconds
        self.bandPowerMethod = bandPowerMethod
        self.mainsFrequency = mainsFrequency
        self.qualityWindowSeconds = qualityWindowSeconds
        self.thresholds = thresholds
        self.criteria = criteria
        self.verdict = verdict
        self.summary = summary
        self.channels = channels
    }
}
