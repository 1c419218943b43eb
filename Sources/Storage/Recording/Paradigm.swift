/// A recording's paradigm: the analysis metadata of a recording session (the reference's
/// `ParadigmModel`) — which markers start the conditions and their baselines.
///
/// One type for the study file's `paradigm` (read by Study) and the recording's `/Paradigm` group
/// (written and read here, exactly as the reference app's loaders expect). Marker codes are `Int32`,
/// as DataSources' `Marker`; the HDF5 datasets hold them as 64-bit integers, converted only by the
/// recording writer and reader.
public struct Paradigm: Sendable, Hashable, Codable {
    /// The paradigm's name (`rest`, `music`, `memories`, `reaction-time`).
    public var title: String
    /// Names of the conditions (`EyesOpen`, `EyesClosed`).
    public var conditionLabels: [String]
    /// Marker codes of the conditions' task onsets (e.g. `[320, 420]`); in a study, each must occur
    /// in the session's phases.
    public var conditionMarkers: [Int32]
    /// Marker codes of the conditions' baselines (e.g. `[310, 410]`); in a study, each must occur in
    /// the session's phases.
    public var baseMarkers: [Int32]
    /// Baseline start relative to the base marker, in seconds (−3 in the reference).
    public var baseTime: Double
    /// Length of a trial's task phase (a condition window) in seconds.
    public var trialTime: Double

    /// Creates a paradigm description; a bare title (as `record --paradigm`) has no conditions.
    public init(
        title: String, conditionLabels: [String] = [], conditionMarkers: [Int32] = [], baseMarkers: [Int32] = [], baseTime: Double = 0,
        trialTime: Double = 0
    ) {
        self.title = title
        self.conditionLabels = conditionLabels
        self.conditionMarkers = conditionMarkers
        self.baseMarkers = baseMarkers
        self.baseTime = baseTime
        self.trialTime = trialTime
    }

    /// The number of conditions.
    public var conditionCount: Int { conditionLabels.count }
}
