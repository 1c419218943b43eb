/// A whole session's signal judged in one word, in the shape users of commercial EEG SDKs expect.
public enum SessionVerdict: String, Sendable, Codable, CaseIterable {
    /// The signal was usable.
    case passed
    /// Most channels were flat or dominated by mains hum most of the time: the electrodes were not
    /// on the skin.
    case headbandOffHead = "headband_off_head"
    /// Too many windows had several channels at once beyond the EEG amplitude range or railed.
    case motionTooHigh = "motion_too_high"
    /// The device or a channel failed: data missing too often, or one channel bad most of the time.
    case eegFailure = "eeg_failure"
}
