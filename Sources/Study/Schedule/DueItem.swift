public import Foundation

/// The item due now and where to resume it.
public struct DueItem: Sendable, Hashable {
    /// Where it is in the protocol.
    public var position: ItemPosition
    /// Its session name.
    public var sessionName: String
    /// The block to run next (0 unless earlier blocks completed).
    public var resumeBlock: Int
    /// How many runs complete it.
    public var runCount: Int
    /// When the current day's window closes, if it has opened.
    public var windowClosesAt: Date?

    /// Creates a due item.
    public init(position: ItemPosition, sessionName: String, resumeBlock: Int, runCount: Int, windowClosesAt: Date?) {
        self.position = position
        self.sessionName = sessionName
        self.resumeBlock = resumeBlock
        self.runCount = runCount
        self.windowClosesAt = windowClosesAt
    }
}
