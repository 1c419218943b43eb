/// When a session counts as ``SessionVerdict/headbandOffHead``, ``SessionVerdict/motionTooHigh``
/// or ``SessionVerdict/eegFailure``; the checks run in that order after missing data. Windows are
/// classified by ``WindowFindings``: off the head by the device's word or by flat, railed or
/// humming channels; motion only by the accelerometer's word (``MotionDetector``).
package struct VerdictCriteria: Sendable, Codable, Equatable {
    /// Windows with missing data above this fraction of all windows → EEG failure (default 0.1).
    package var maximumMissingWindows: Double
    /// Windows with the headband off the head (the device says so, or at least half the channels
    /// are flat, railed or line-noise-dominated), above this fraction → headband off head (default
    /// 0.1: an off-head window holds no EEG, like a missing one).
    package var maximumOffHeadWindows: Double
    /// Windows in which the accelerometer saw the head move (headband on), above this fraction →
    /// motion too high (default 0.2).
    package var maximumMotionWindows: Double
    /// Accelerometer standard deviation (g, any axis, over 1 s) above which the head counts as
    /// moving (default 0.1 g: sitting still stays below 0.02 g, nodding or walking exceeds 0.2 g).
    package var movingAcceleration: Double
    /// A single channel graded bad in more than this fraction of windows → EEG failure (default 0.5).
    package var maximumBadChannelWindows: Double

    /// Creates criteria; every parameter has the documented default.
    package init(
        maximumMissingWindows: Double = 0.1, maximumOffHeadWindows: Double = 0.1, maximumMotionWindows: Double = 0.2,
        maximumBadChannelWindows: Double = 0.5,
        movingAcceleration: Double = 0.1
    ) {
        self.maximumMissingWindows = maximumMissingWindows
        self.maximumOffHeadWindows = maximumOffHeadWindows
        self.maximumMotionWindows = maximumMotionWindows
        self.maximumBadChannelWindows = maximumBadChannelWindows
        self.movingAcceleration = movingAcceleration
    }

    enum CodingKeys: String, CodingKey {
        case maximumMissingWindows, maximumOffHeadWindows, maximumMotionWindows, maximumBadChannelWindows, movingAcceleration
    }

    /// Decodes criteria stored before ``movingAcceleration`` existed with its default.
    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            maximumMissingWindows: try c.decode(Double.self, forKey: .maximumMissingWindows),
            maximumOffHeadWindows: try c.decode(Double.self, forKey: .maximumOffHeadWindows),
            maximumMotionWindows: try c.decode(Double.self, forKey: .maximumMotionWindows),
            maximumBadChannelWindows: try c.decode(Double.self, forKey: .maximumBadChannelWindows),
            movingAcceleration: try c.decodeIfPresent(Double.self, forKey: .movingAcceleration) ?? 0.1)
    }
}
