/// When a session counts as ``SessionVerdict/headbandOffHead``, ``SessionVerdict/motionTooHigh``
/// or ``SessionVerdict/eegFailure``; the checks run in that order after missing data. Motion is
/// judged from the EEG (railed or out-of-range windows) and, when the device has one, from the
/// accelerometer (``MotionDetector``).
public struct VerdictCriteria: Sendable, Codable, Equatable {
    /// Windows with missing data above this fraction of all windows → EEG failure (default 0.1).
    public var maximumMissingWindows: Double
    /// Windows in which at least half the channels are flat or line-noise-dominated, above this
    /// fraction → headband off head (default 0.5).
    public var maximumOffHeadWindows: Double
    /// Windows in which at least half the channels are railed or bad by amplitude, above this
    /// fraction → motion too high (default 0.2).
    public var maximumMotionWindows: Double
    /// Accelerometer standard deviation (g, any axis, over 1 s) above which the head counts as
    /// moving (default 0.1 g: sitting still stays below 0.02 g, nodding or walking exceeds 0.2 g).
    public var movingAcceleration: Double
    /// A single channel graded bad in more than this fraction of windows → EEG failure (default 0.5).
    public var maximumBadChannelWindows: Double

    /// Creates criteria; every parameter has the documented default.
    public init(
        maximumMissingWindows: Double = 0.1, maximumOffHeadWindows: Double = 0.5, maximumMotionWindows: Double = 0.2,
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
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            maximumMissingWindows: try c.decode(Double.self, forKey: .maximumMissingWindows),
            maximumOffHeadWindows: try c.decode(Double.self, forKey: .maximumOffHeadWindows),
            maximumMotionWindows: try c.decode(Double.self, forKey: .maximumMotionWindows),
            maximumBadChannelWindows: try c.decode(Double.self, forKey: .maximumBadChannelWindows),
            movingAcceleration: try c.decodeIfPresent(Double.self, forKey: .movingAcceleration) ?? 0.1)
    }
}
