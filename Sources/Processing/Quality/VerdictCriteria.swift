/// When a session counts as ``SessionVerdict/headbandOffHead``, ``SessionVerdict/motionTooHigh``
/// or ``SessionVerdict/eegFailure``; the checks run in that order after missing data.
public struct VerdictCriteria: Sendable, Codable, Equatable {
    /// Windows with missing data above this fraction of all windows → EEG failure (default 0.1).
    public var maximumMissingWindows: Double
    /// Windows in which at least half the channels are flat or line-noise-dominated, above this
    /// fraction → headband off head (default 0.5).
    public var maximumOffHeadWindows: Double
    /// Windows in which at least half the channels are railed or bad by amplitude, above this
    /// fraction → motion too high (default 0.2).
    public var maximumMotionWindows: Double
    /// A single channel graded bad in more than this fraction of windows → EEG failure (default 0.5).
    public var maximumBadChannelWindows: Double

    /// Creates criteria; every parameter has the documented default.
    public init(maximumMissingWindows: Double = 0.1, maximumOffHeadWindows: Double = 0.5, maximumMotionWindows: Double = 0.2, maximumBadChannelWindows: Double = 0.5) {
        self.maximumMissingWindows = maximumMissingWindows
        self.maximumOffHeadWindows = maximumOffHeadWindows
        self.maximumMotionWindows = maximumMotionWindows
        self.maximumBadChannelWindows = maximumBadChannelWindows
    }
}
