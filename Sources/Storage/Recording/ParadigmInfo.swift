/// A recording's paradigm, stored in the `/Paradigm` group exactly as the reference app's loaders
/// expect: title, condition labels and markers, base markers, base time and trial time.
public struct ParadigmInfo: Sendable, Equatable, Codable {
    /// The paradigm's name (`rest`, `music`, `memories`, `reaction-time`).
    public var title: String
    /// Names of the conditions (`EyesOpen`, `EyesClosed`).
    public var conditionLabels: [String]
    /// Marker codes of the conditions' task onsets (e.g. `[320, 420]`).
    public var conditionMarkers: [Int64]
    /// Marker codes of the conditions' baselines (e.g. `[310, 410]`).
    public var baseMarkers: [Int64]
    /// Baseline start relative to the condition marker, in seconds (e.g. −3).
    public var baseTime: Double
    /// Length of a trial's task phase in seconds.
    public var trialTime: Double

    /// Creates a paradigm description.
    public init(title: String, conditionLabels: [String] = [], conditionMarkers: [Int64] = [], baseMarkers: [Int64] = [], baseTime: Double = 0, trialTime: Double = 0) {
        self.title = title
        self.conditionLabels = conditionLabels
        self.conditionMarkers = conditionMarkers
        self.baseMarkers = baseMarkers
        self.baseTime = baseTime
        self.trialTime = trialTime
    }
}
