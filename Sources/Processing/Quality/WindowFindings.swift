/// What one quality window says about the whole headband: the classification
/// ``SessionQualitySummary`` counts over a session and a live display shows for the moment (one rule
/// for both, so what a participant is told while recording is what the stored verdict later counts).
///
/// The device's own word and the accelerometer's decide what the signal alone cannot:
/// - **off the head**: the device reports it (a Muse's on-head state), or at least half the channels
///   are flat, railed (a Muse without skin contact sends codes at the ends of its range) or
///   dominated by mains hum;
/// - **motion**: the accelerometer saw the head move while the headband was on it. Large swings on
///   the EEG alone are artefacts (blinks, a loose electrode, movement), graded bad per channel, but
///   not called motion: telling a participant to sit still when the headband has slipped sends them
///   the wrong way.
package struct WindowFindings: Sendable, Codable, Equatable {
    /// Some channel is missing data in the window (a gap or a lost channel).
    package var missingData: Bool
    /// The headband is off the head: the device says so, or at least half the channels are flat,
    /// railed or bad by line noise.
    package var offHead: Bool
    /// The device itself reported the headband off the head during the window.
    package var deviceOffHead: Bool
    /// At least half the channels are bad by amplitude (1–40 Hz spread far beyond EEG) while the
    /// headband is on: artefacts, which count as motion only with the accelerometer's word.
    package var artefacts: Bool
    /// The accelerometer saw the head move and the headband is on the head.
    package var motion: Bool
    /// Channels graded bad, by index.
    package var badChannels: [Int]

    /// Classifies one window (one assessment per channel). `deviceOffHead` is the device's on-head
    /// state at the window's end (`false` when unknown); `moving` the accelerometer's newest
    /// judgement (``MotionDetector``; `nil` for a device without one).
    package init(_ window: [ChannelAssessment], deviceOffHead: Bool = false, moving: Bool? = nil) {
        let half = (window.count + 1) / 2
        func count(_ test: (ChannelAssessment) -> Bool) -> Int { window.reduce(0) { $0 + (test($1) ? 1 : 0) } }
        missingData = window.contains { $0.issues.contains(.missingData) }
        self.deviceOffHead = deviceOffHead
        let noContact = count {
            $0.issues.contains(.flatLine) || $0.issues.contains(.railed) || ($0.issues.contains(.lineNoise) && $0.grade == .bad)
        }
        offHead = deviceOffHead || (!window.isEmpty && noContact >= half)
        artefacts = !offHead && count { $0.issues.contains(.highAmplitude) && $0.grade == .bad } >= half
        motion = !offHead && moving == true
        badChannels = window.indices.filter { window[$0].grade == .bad }
    }

    /// Findings as they were stored (``QualitySeries/findings(flags:grades:)``), for a window judged
    /// earlier: each flag as named above.
    package init(missingData: Bool, offHead: Bool, deviceOffHead: Bool, artefacts: Bool, motion: Bool, badChannels: [Int]) {
        self.missingData = missingData
        self.offHead = offHead
        self.deviceOffHead = deviceOffHead
        self.artefacts = artefacts
        self.motion = motion
        self.badChannels = badChannels
    }

    /// The verdict for this window alone, in the order the session verdict applies its criteria:
    /// missing data, headband off, motion (the accelerometer's), a bad channel, else passed.
    package var verdict: SessionVerdict {
        if missingData { return .eegFailure }
        if offHead { return .headbandOffHead }
        if motion { return .motionTooHigh }
        if !badChannels.isEmpty { return .eegFailure }
        return .passed
    }

    /// What to tell the participant about this window, or `nil` when the signal is usable: adjust
    /// the headband when it is off or the signal is bad, sit still only when the accelerometer saw
    /// movement.
    package var advice: String? {
        if verdict == .eegFailure, missingData { return "data is being lost: keep the headband close to the computer" }
        return verdict.advice
    }
}
