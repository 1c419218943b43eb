/// A whole session's signal judged in one word, in the shape users of commercial EEG SDKs expect.
public enum SessionVerdict: String, Sendable, Codable, CaseIterable {
    /// The signal was usable.
    case passed
    /// The headband was off the head too often: it said so, or most channels were flat, railed or
    /// dominated by mains hum (the electrodes were not on the skin).
    case headbandOffHead = "headband_off_head"
    /// The accelerometer saw the head move too often while the headband was on.
    case motionTooHigh = "motion_too_high"
    /// The device or a channel failed: data missing too often, or one channel bad most of the time.
    case eegFailure = "eeg_failure"

    /// What to tell the participant, or `nil` for a usable signal: adjust the headband unless the
    /// accelerometer saw movement (only then: sit still).
    public var advice: String? {
        switch self {
        case .passed: nil
        case .headbandOffHead: "put the headband on so that every electrode touches the skin"
        case .motionTooHigh: "sit still: the headband's accelerometer shows head movement"
        case .eegFailure: "adjust the headband: some electrodes have poor contact, or data is being lost"
        }
    }
}
