/// Analysis metadata of a recording session, embedded into every recording file as the reference's
/// `ParadigmModel`: which markers start the conditions and their baselines.
public struct Paradigm: Sendable, Hashable, Codable {
    /// The paradigm's title (`rest`, `music`, `memories` in the reference).
    public var title: String
    /// One label per condition (`EyesOpen`, `EyesClosed`).
    public var conditionLabels: [String]
    /// The marker starting each condition's analysis window (must occur in the session's phases).
    public var conditionMarkers: [Int32]
    /// The marker each condition's baseline is taken relative to (must occur in the session's phases).
    public var baseMarkers: [Int32]
    /// The baseline offset relative to the base marker, in seconds (−3 in the reference).
    public var baseTime: Double
    /// The length of a condition window, in seconds.
    public var trialTime: Double

    /// Creates paradigm metadata.
    public init(
        title: String, conditionLabels: [String], conditionMarkers: [Int32], baseMarkers: [Int32], baseTime: Double,
        trialTime: Double
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
