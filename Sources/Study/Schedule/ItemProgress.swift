public import Foundation
import Storage

/// The progress of one protocol item (a session on a day).
package struct ItemProgress: Sendable, Hashable, Codable {
    /// Where the item is in the protocol.
    package var position: ItemPosition
    /// Its session name (checked against the study on load).
    package var sessionName: String
    /// How many runs complete it (blocks, or 1 for a questionnaire).
    package var runCount: Int
    /// Its state.
    package var state: ItemState
    /// Every stored run, complete or not, in order.
    package var runs: [BlockRecord]
    /// When its last run completed it.
    package var completedAt: Date?
    /// When it was recorded as skipped.
    package var skippedAt: Date?
    /// Why it was skipped ("dayWindowClosed", or a reason given by the experimenter).
    package var skipReason: String?

    /// Creates a pending item.
    package init(position: ItemPosition, sessionName: String, runCount: Int) {
        self.position = position
        self.sessionName = sessionName
        self.runCount = runCount
        self.state = .pending
        self.runs = []
    }

    /// The latencies (ms) of the valid reaction-time trials of every stored run, or `nil` when no run
    /// measured reaction times.
    package var validLatenciesMs: [Double]? {
        let runs = runs.compactMap(\.validLatenciesMs)
        return runs.isEmpty ? nil : runs.flatMap { $0 }
    }

    /// The session's reaction-time score: the median over all its valid trials (`nil` when none).
    package var sessionMedianLatencyMs: Double? {
        validLatenciesMs.flatMap(ReactionTimeResult.median)
    }

    /// The number of completed blocks, which is also the block to resume at.
    package var completedBlocks: Int { runs.filter(\.outcome.isComplete).count }

    /// Whether the item still has work (pending or in progress).
    package var isOpen: Bool { state == .pending || state == .inProgress }
}
