public import Foundation
import Storage

/// The progress of one protocol item (a session on a day).
public struct ItemProgress: Sendable, Hashable, Codable {
    /// Where the item is in the protocol.
    public var position: ItemPosition
    /// Its session name (checked against the study on load).
    public var sessionName: String
    /// How many runs complete it (blocks, or 1 for a questionnaire).
    public var runCount: Int
    /// Its state.
    public var state: ItemState
    /// Every stored run, complete or not, in order.
    public var runs: [BlockRecord]
    /// When its last run completed it.
    public var completedAt: Date?
    /// When it was recorded as skipped.
    public var skippedAt: Date?
    /// Why it was skipped ("dayWindowClosed", or a reason given by the experimenter).
    public var skipReason: String?

    /// Creates a pending item.
    public init(position: ItemPosition, sessionName: String, runCount: Int) {
        self.position = position
        self.sessionName = sessionName
        self.runCount = runCount
        self.state = .pending
        self.runs = []
    }

    /// The latencies (ms) of the valid reaction-time trials of every stored run, or `nil` when no run
    /// measured reaction times.
    public var validLatenciesMs: [Double]? {
        let runs = runs.compactMap(\.validLatenciesMs)
        return runs.isEmpty ? nil : runs.flatMap { $0 }
    }

    /// The session's reaction-time score: the median over all its valid trials (`nil` when none).
    public var sessionMedianLatencyMs: Double? {
        validLatenciesMs.flatMap(ReactionTimeResult.median)
    }

    /// The number of completed blocks, which is also the block to resume at.
    public var completedBlocks: Int { runs.filter(\.outcome.isComplete).count }

    /// Whether the item still has work (pending or in progress).
    public var isOpen: Bool { state == .pending || state == .inProgress }
}
