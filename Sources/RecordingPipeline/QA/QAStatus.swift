public import Processing

/// The live signal-QA status: passed, or failed because the headband is off the head, the
/// participant moves, or the EEG fails — the names commercial EEG SDKs use, and the same
/// ``SessionVerdict`` the stored session summary gives.
public struct QAStatus: Sendable, Equatable {
    /// The verdict for the newest quality window.
    public var verdict: SessionVerdict
    /// Why it did not pass, in one line (e.g. "bad signal on TP9, AF8: railed"); `nil` when passed.
    public var reason: String?
    /// The time of the newest sample judged (seconds since the Unix epoch, recording clock).
    public var time: Double

    /// A status.
    public init(verdict: SessionVerdict, reason: String?, time: Double) {
        self.verdict = verdict
        self.reason = reason
        self.time = time
    }

    /// Whether the signal passes QA.
    public var passed: Bool { verdict == .passed }
}
