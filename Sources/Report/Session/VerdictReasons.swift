import Processing

/// The evidence behind a session verdict in words, in the order ``SessionQualitySummary/verdict``
/// checks it: each criterion's share of windows against its limit, and which one decided (both
/// from Processing's ``SessionQualitySummary/evidence``; only the wording is the report's, in the
/// report's language).
struct VerdictReasons {
    /// One criterion.
    struct Reason {
        /// What was measured, in words.
        var text: String
        /// Whether this criterion produced the verdict.
        var triggered: Bool
    }

    /// The reasons, in the verdict's order.
    let reasons: [Reason]

    /// The reasons for `summary` with `channels` naming its columns: Processing's evidence for the
    /// verdict (``SessionQualitySummary/evidence``) in `words`; motion only for a device with an
    /// accelerometer.
    init(summary: SessionQualitySummary, channels: [String], words: ReportWords = .englishWords) {
        guard summary.windowCount > 0 else {
            reasons = [Reason(text: words(.reasonTooShort), triggered: true)]
            return
        }
        let n = Double(summary.windowCount)
        var out: [Reason] = []
        for evidence in summary.evidence {
            let text: String
            switch evidence.kind {
            case .missingData:
                text = words(.reasonMissing)
            case .offHead:
                let reported =
                    summary.deviceOffHeadWindows > 0 ? words(.reasonOffHeadReported, words.percent(Double(summary.deviceOffHeadWindows) / n)) : ""
                text = words(.reasonOffHead, reported)
            case .motion:
                guard summary.accelerometerWindows > 0 else { continue }
                text = words(.reasonMotion)
            case .badChannel(let worst):
                text = words(.reasonBadChannel, worst < channels.count ? channels[worst] : words(.channelN, worst + 1))
            }
            out.append(
                Reason(text: words(.reasonShare, text, words.percent(evidence.share), words.percent(evidence.limit)), triggered: evidence.decided))
        }
        out.append(Reason(text: words(.reasonWindows, summary.windowCount, words.number(0.5, 1)), triggered: false))
        reasons = out
    }
}
