/// One criterion of the session verdict as ``SessionQualitySummary/evidence`` lists it: which
/// windows it counts, their share against the largest share the verdict allows, and whether it
/// decided the verdict. The report shows these rather than re-deriving the verdict's rule.
package struct VerdictEvidence: Sendable, Equatable {
    /// What a criterion counts.
    package enum Kind: Sendable, Equatable {
        /// Windows with samples missing on some channel.
        case missingData
        /// Windows with the headband off the head (reported, or half the channels without contact).
        case offHead
        /// Windows in which the accelerometer saw the head move while the headband was on it.
        case motion
        /// Windows in which the channel at this index, the worst one, was graded bad.
        case badChannel(Int)
    }

    /// What the criterion counts.
    package var kind: Kind
    /// The share of the session's windows it counted.
    package var share: Double
    /// The largest share the verdict allows (``VerdictCriteria``).
    package var limit: Double
    /// Whether this criterion produced the verdict: the first, in the verdict's order, over its limit.
    package var decided: Bool

    /// The verdict this criterion gives when it decides.
    package var verdict: SessionVerdict {
        switch kind {
        case .missingData, .badChannel: .eegFailure
        case .offHead: .headbandOffHead
        case .motion: .motionTooHigh
        }
    }
}
