/// Accumulates per-window channel assessments over a session and gives the ``SessionVerdict`` with
/// the evidence behind it. Each window is classified by ``WindowFindings`` (the rule a live display
/// uses too) with the device's on-head state and the accelerometer's judgement at that moment.
public struct SessionQualitySummary: Sendable, Codable, Equatable {
    /// The criteria the verdict applies.
    package var criteria: VerdictCriteria
    /// The number of channels.
    public var channelCount: Int
    /// Windows assessed (warming-up windows are not counted).
    public private(set) var windowCount = 0
    /// Windows with missing data on any channel.
    public private(set) var missingWindows = 0
    /// Windows with the headband off the head (``WindowFindings/offHead``: the device said so, or at
    /// least half the channels were flat, railed or dominated by mains hum).
    public private(set) var offHeadWindows = 0
    /// Of ``offHeadWindows``, those the device itself reported off the head.
    public private(set) var deviceOffHeadWindows = 0
    /// Windows in which the accelerometer saw the head move while the headband was on it
    /// (``WindowFindings/motion``).
    public private(set) var motionWindows = 0
    /// Windows where at least half the channels were bad by amplitude while the headband was on
    /// (``WindowFindings/artefacts``): evidence, counted in the channels' grades, not motion.
    public private(set) var artefactWindows = 0
    /// One-second accelerometer windows judged (0 for a device without accelerometer).
    public private(set) var accelerometerWindows = 0
    /// Accelerometer windows in which the head moved (see ``MotionDetector``).
    public private(set) var movingWindows = 0
    /// Per channel, how many windows graded 1, 2 and 4.
    public private(set) var gradeCounts: [[Int]]

    /// Creates an empty summary.
    package init(channelCount: Int, criteria: VerdictCriteria = .init()) {
        self.channelCount = channelCount
        self.criteria = criteria
        gradeCounts = [[Int]](repeating: [0, 0, 0], count: channelCount)
    }

    /// Adds one window's assessments (one per channel) with the device's on-head state at its end
    /// (`deviceOffHead`) and the accelerometer's newest judgement (`moving`, `nil` without one);
    /// returns the window's findings (`nil` for a warming-up or malformed window, which is not
    /// counted).
    @discardableResult
    package mutating func add(_ window: [ChannelAssessment], deviceOffHead: Bool = false, moving: Bool? = nil) -> WindowFindings? {
        guard window.count == channelCount, !window.contains(where: { $0.issues.contains(.warmingUp) }) else { return nil }
        let findings = WindowFindings(window, deviceOffHead: deviceOffHead, moving: moving)
        add(findings, grades: window.map(\.grade))
        return findings
    }

    /// Adds one judged window by its findings and per-channel grades, as stored in a recording's
    /// `/Quality` group (``QualitySeries``): the same counts ``add(_:deviceOffHead:moving:)`` makes
    /// from the assessments. A window with another number of grades than channels is not counted.
    package mutating func add(_ findings: WindowFindings, grades: [QualityGrade]) {
        guard grades.count == channelCount else { return }
        windowCount += 1
        if findings.missingData { missingWindows += 1 }
        if findings.offHead { offHeadWindows += 1 }
        if findings.deviceOffHead { deviceOffHeadWindows += 1 }
        if findings.motion { motionWindows += 1 }
        if findings.artefacts { artefactWindows += 1 }
        for (c, grade) in grades.enumerated() {
            gradeCounts[c][grade == .good ? 0 : grade == .medium ? 1 : 2] += 1
        }
    }

    /// Adds one accelerometer window's judgement: whether the head moved in it (evidence; the
    /// verdict counts motion per quality window, see ``add(_:deviceOffHead:moving:)``).
    public mutating func addMotion(moving: Bool) {
        accelerometerWindows += 1
        if moving { movingWindows += 1 }
    }

    /// Per channel, the fraction of windows graded good.
    public var goodFraction: [Double] {
        gradeCounts.map { windowCount > 0 ? Double($0[0]) / Double(windowCount) : .nan }
    }

    /// The verdict: EEG failure for missing data, then headband off, motion (the accelerometer's),
    /// a failed channel, else passed. `nil` before any window was assessed (no verdict from no data).
    public var verdict: SessionVerdict? {
        guard windowCount > 0 else { return nil }
        return evidence.first(where: \.decided)?.verdict ?? .passed
    }

    /// The evidence behind ``verdict``, in the order it checks its criteria: missing data, headband
    /// off, motion, and the worst channel's bad windows (a channel over the limit exists exactly when
    /// the worst one is over it); the first over its limit decides. Empty before any window.
    package var evidence: [VerdictEvidence] {
        guard windowCount > 0 else { return [] }
        let n = Double(windowCount)
        var decided = false
        var out: [VerdictEvidence] = []
        func add(_ kind: VerdictEvidence.Kind, count: Int, limit: Double) {
            let share = Double(count) / n
            let decides = !decided && share > limit
            if decides { decided = true }
            out.append(VerdictEvidence(kind: kind, share: share, limit: limit, decided: decides))
        }
        add(.missingData, count: missingWindows, limit: criteria.maximumMissingWindows)
        add(.offHead, count: offHeadWindows, limit: criteria.maximumOffHeadWindows)
        add(.motion, count: motionWindows, limit: criteria.maximumMotionWindows)
        let bad = gradeCounts.map { $0[2] }
        if let worst = bad.indices.max(by: { bad[$0] < bad[$1] }) {
            add(.badChannel(worst), count: bad[worst], limit: criteria.maximumBadChannelWindows)
        }
        return out
    }
}
