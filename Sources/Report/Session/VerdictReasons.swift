import Processing

/// The evidence behind a session verdict in words, in the order ``SessionQualitySummary/verdict``
/// checks it: each criterion's share of windows against its limit, and which one decided (both
/// from Processing's ``SessionQualitySummary/evidence``; only the wording is the report's).
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
    /// verdict (``SessionQualitySummary/evidence``) in words; motion only for a device with an
    /// accelerometer.
    init(summary: SessionQualitySummary, channels: [String]) {
        guard summary.windowCount > 0 else {
            reasons = [Reason(text: "Too short to judge: no complete quality window.", triggered: true)]
            return
        }
        let n = Double(summary.windowCount)
        var out: [Reason] = []
        for evidence in summary.evidence {
            let text: String
            switch evidence.kind {
            case .missingData:
                text = "Samples missing"
            case .offHead:
                let reported = summary.deviceOffHeadWindows > 0 ? "; \(HTML.percent(Double(summary.deviceOffHeadWindows) / n)) reported by it" : ""
                text = "Headband off the head (as it reported, or half the channels flat, railed or humming\(reported))"
            case .motion:
                guard summary.accelerometerWindows > 0 else { continue }
                text = "Head movement (accelerometer, headband on)"
            case .badChannel(let worst):
                text = "Worst channel graded bad (\(worst < channels.count ? channels[worst] : "channel \(worst + 1)"))"
            }
            out.append(
                Reason(
                    text: "\(text): \(HTML.percent(evidence.share)) of windows (limit \(HTML.percent(evidence.limit)))", triggered: evidence.decided))
        }
        out.append(Reason(text: "\(summary.windowCount) quality windows of 2 s judged, every 0.5 s", triggered: false))
        reasons = out
    }
}
