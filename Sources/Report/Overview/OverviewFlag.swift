/// Why the study overview puts a participant before the experimenter: one of the study file's
/// monitoring thresholds (`$.monitoring`, Study's `MonitoringThresholds`) crossed, with the figure
/// that crossed it.
public struct OverviewFlag: Sendable, Equatable, Codable {
    /// What was crossed.
    public enum Kind: String, Sendable, Codable, CaseIterable {
        /// No upload for longer than `noUploadDays`, with sessions still to do.
        case noUpload
        /// `missedInARow` or more sessions missed in a row.
        case missedSessions
        /// Less signal graded good than `minimumGoodSignal`.
        case lowQuality
        /// More recording time lost than `maximumLoss`.
        case highLoss
        /// The headband failed (link lost, or the battery low at the end) in `failingSessions` of the
        /// last three recorded sessions.
        case failingHeadband
    }

    /// What was crossed.
    public var kind: Kind
    /// The participant's figure: days, sessions, percent, percent, failing sessions.
    public var value: Double
    /// The threshold it crossed, in the same unit.
    public var threshold: Double

    /// A flag.
    public init(kind: Kind, value: Double, threshold: Double) {
        self.kind = kind
        self.value = value
        self.threshold = threshold
    }
}
