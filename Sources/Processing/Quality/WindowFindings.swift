/// What one quality window's channel assessments say about the whole headband: the classification
/// ``SessionQualitySummary`` counts over a session and a live display shows for the moment (one rule
/// for both, so what a participant is told while recording is what the stored verdict later counts).
public struct WindowFindings: Sendable, Equatable {
    /// Some channel is missing data in the window (a gap or a lost channel).
    public var missingData: Bool
    /// At least half the channels are flat or dominated by line noise: the headband is off the head.
    public var offHead: Bool
    /// At least half the channels are railed or bad by amplitude: the participant moves.
    public var motion: Bool
    /// Channels graded bad, by index.
    public var badChannels: [Int]

    /// Classifies one window (one assessment per channel).
    public init(_ window: [ChannelAssessment]) {
        let half = (window.count + 1) / 2
        missingData = window.contains { $0.issues.contains(.missingData) }
        offHead = window.reduce(0) { $0 + ($1.issues.contains(.flatLine) || ($1.issues.contains(.lineNoise) && $1.grade == .bad) ? 1 : 0) } >= half
        motion = window.reduce(0) { $0 + ($1.issues.contains(.railed) || ($1.issues.contains(.highAmplitude) && $1.grade == .bad) ? 1 : 0) } >= half
        badChannels = window.indices.filter { window[$0].grade == .bad }
    }

    /// The verdict for this window alone, in the order the session verdict applies its criteria:
    /// missing data, headband off, motion (from the signal, or `moving` from the accelerometer), a
    /// bad channel, else passed.
    public func verdict(moving: Bool? = nil) -> SessionVerdict {
        if missingData { return .eegFailure }
        if offHead { return .headbandOffHead }
        if motion || moving == true { return .motionTooHigh }
        if !badChannels.isEmpty { return .eegFailure }
        return .passed
    }
}
