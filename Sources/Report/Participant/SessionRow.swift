import Foundation
import Processing
import Storage

/// One session of a participant in the participant view: its recordings (blocks) pooled.
struct SessionRow {
    /// The study, day and session index the blocks share.
    var study: String?
    var day: Int?
    var session: Int?
    /// The paradigms of its blocks, in order, without repeats.
    var paradigms: [String] = []
    /// The first block's start (seconds since the epoch).
    var start: Double?
    /// Blocks, seconds of signal, incomplete blocks.
    var blocks = 0
    var seconds = 0.0
    var incomplete = 0
    /// Quality windows judged and, summed over channels, how many were good, and channel-windows.
    var windows = 0
    var goodChannelWindows = 0
    var mediumChannelWindows = 0
    var badChannelWindows = 0
    var channelWindows = 0
    /// Each block's verdict (`nil`: too short to judge).
    var verdicts: [SessionVerdict?] = []
    /// The reaction-time score: the session median of correct latencies (the last block's table).
    var reactionTimeMs: Double?
    var trials = 0
    /// Where the blocks' quality windows came from (read from the recordings or recomputed), each
    /// kind once: the page states it as the `data-quality` attribute of the row's verdict cell.
    var qualityOrigins: [QualityOrigin.Kind] = []
    /// ``qualityOrigins`` as the attribute's text (`stored`, `recomputed`, or both).
    var qualityOriginText: String { qualityOrigins.map(\.rawValue).joined(separator: " ") }

    /// Share of channel-windows graded good, medium and bad.
    var goodFraction: Double { share(goodChannelWindows) }
    var mediumFraction: Double { share(mediumChannelWindows) }
    var badFraction: Double { share(badChannelWindows) }

    private func share(_ count: Int) -> Double { channelWindows > 0 ? Double(count) / Double(channelWindows) : .nan }

    /// Adds a block.
    mutating func add(_ d: RecordingDigest) {
        if start == nil || (d.startTime ?? .infinity) < (start ?? .infinity) { start = d.startTime ?? start }
        if let p = d.paradigm, !paradigms.contains(p) { paradigms.append(p) }
        blocks += 1
        seconds += d.durationSeconds
        if !d.outcome.isComplete { incomplete += 1 }
        windows += d.summary.windowCount
        for counts in d.summary.gradeCounts {
            goodChannelWindows += counts[0]
            mediumChannelWindows += counts[1]
            badChannelWindows += counts[2]
            channelWindows += counts.reduce(0, +)
        }
        verdicts.append(d.verdict)
        if !qualityOrigins.contains(d.qualityOrigin.kind) { qualityOrigins.append(d.qualityOrigin.kind) }
        if let t = d.trials {
            trials += t.trials.count
            if let s = t.sessionMedianLatencyMs { reactionTimeMs = s }
        }
    }

    /// The session's verdict in one word: `passed` when every judged block passed, else the first
    /// failure's.
    var verdict: String { verdict(in: ReportWords(locale: "en")) }

    /// ``verdict`` in `words`' language.
    func verdict(in words: ReportWords) -> String {
        let judged = verdicts.compactMap { $0 }
        if judged.isEmpty { return words.verdict(nil) }
        return words.verdict(judged.first { $0 != .passed } ?? .passed)
    }
}
