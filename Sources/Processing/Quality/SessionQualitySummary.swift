/// Accumulates per-window channel assessments over a session and gives the ``SessionVerdict`` with
/// the evidence behind it.
public struct SessionQualitySummary: Sendable, Codable, Equatable {
    /// The criteria the verdict applies.
    public var criteria: VerdictCriteria
    /// The number of channels.
    public var channelCount: Int
    /// Windows assessed (warming-up windows are not counted).
    public private(set) var windowCount = 0
    /// Windows with missing data on any channel.
    public private(set) var missingWindows = 0
    /// Windows where at least half the channels were flat or line-noise-dominated.
    public private(set) var offHeadWindows = 0
    /// Windows where at least half the channels were railed or bad by amplitude.
    public private(set) var motionWindows = 0
    /// One-second accelerometer windows judged (0 for a device without accelerometer).
    public private(set) var accelerometerWindows = 0
    /// Accelerometer windows in which the head moved (see ``MotionDetector``).
    public private(set) var movingWindows = 0
    /// Per channel, how many windows graded 1, 2 and 4.
    public private(set) var gradeCounts: [[Int]]

    /// Creates an empty summary.
    public init(channelCount: Int, criteria: VerdictCriteria = .init()) {
        self.channelCount = channelCount
        self.criteria = criteria
        gradeCounts = [[Int]](repeating: [0, 0, 0], count: channelCount)
    }

    /// Adds one window's assessments (one per channel).
    public mutating func add(_ window: [ChannelAssessment]) {
        guard window.count == channelCount, !window.contains(where: { $0.issues.contains(.warmingUp) }) else { return }
        windowCount += 1
        let findings = WindowFindings(window)
        if findings.missingData { missingWindows += 1 }
        if findings.offHead { offHeadWindows += 1 }
        if findings.motion { motionWindows += 1 }
        for (c, a) in window.enumerated() {
            gradeCounts[c][a.grade == .good ? 0 : a.grade == .medium ? 1 : 2] += 1
        }
    }

    /// Adds one accelerometer window's judgement: whether the head moved in it.
    public mutating func addMotion(moving: Bool) {
        accelerometerWindows += 1
        if moving { movingWindows += 1 }
    }

    /// Per channel, the fraction of windows graded good.
    public var goodFraction: [Double] {
        gradeCounts.map { windowCount > 0 ? Double($0[0]) / Double(windowCount) : .nan }
    }

    /// The verdict: EEG failure for missing data, then headband off, motion, a failed channel, else
    /// passed. `nil` before any window was assessed (no verdict from no data).
    public var verdict: SessionVerdict? {
        guard windowCount > 0 else { return nil }
        let n = Double(windowCount)
        if Double(missingWindows) / n > criteria.maximumMissingWindows { return .eegFailure }
        if Double(offHeadWindows) / n > criteria.maximumOffHeadWindows { return .headbandOffHead }
        if Double(motionWindows) / n > criteria.maximumMotionWindows { return .motionTooHigh }
        if accelerometerWindows > 0, Double(movingWindows) / Double(accelerometerWindows) > criteria.maximumMotionWindows { return .motionTooHigh }
        if gradeCounts.contains(where: { Double($0[2]) / n > criteria.maximumBadChannelWindows }) { return .eegFailure }
        return .passed
    }
}
