import Processing

/// The evidence behind a session verdict, in the order ``SessionQualitySummary/verdict`` checks it:
/// each criterion's share of windows against its limit, and which one decided.
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

    /// The reasons for `summary` with `channels` naming its columns.
    init(summary: SessionQualitySummary, channels: [String]) {
        let c = summary.criteria
        let n = Double(summary.windowCount)
        guard n > 0 else {
            reasons = [Reason(text: "Too short to judge: no complete quality window.", triggered: true)]
            return
        }
        var decided = false
        var out: [Reason] = []
        func add(_ text: String, share: Double, limit: Double) {
            let triggered = !decided && share > limit
            if triggered { decided = true }
            out.append(Reason(text: "\(text): \(HTML.percent(share)) of windows (limit \(HTML.percent(limit)))", triggered: triggered))
        }
        add("Samples missing", share: Double(summary.missingWindows) / n, limit: c.maximumMissingWindows)
        let reported = summary.deviceOffHeadWindows > 0 ? "; \(HTML.percent(Double(summary.deviceOffHeadWindows) / n)) reported by it" : ""
        add(
            "Headband off the head (as it reported, or half the channels flat, railed or humming\(reported))",
            share: Double(summary.offHeadWindows) / n, limit: c.maximumOffHeadWindows)
        if summary.accelerometerWindows > 0 {
            add("Head movement (accelerometer, headband on)", share: Double(summary.motionWindows) / n, limit: c.maximumMotionWindows)
        }
        let bad = summary.gradeCounts.map { Double($0[2]) / n }
        if let worst = bad.indices.max(by: { bad[$0] < bad[$1] }) {
            let name = worst < channels.count ? channels[worst] : "channel \(worst + 1)"
            add("Worst channel graded bad (\(name))", share: bad[worst], limit: c.maximumBadChannelWindows)
        }
        out.append(Reason(text: "\(summary.windowCount) quality windows of 2 s judged, every 0.5 s", triggered: false))
        reasons = out
    }
}
