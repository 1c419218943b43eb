public import Foundation

/// The item due now and where to resume it.
package struct DueItem: Sendable, Hashable {
    /// Where it is in the protocol.
    package var position: ItemPosition
    /// Its session name.
    package var sessionName: String
    /// The block to run next (0 unless earlier blocks completed).
    package var resumeBlock: Int
    /// How many runs complete it.
    package var runCount: Int
    /// When the current day's window closes, if it has opened.
    package var windowClosesAt: Date?

    /// Creates a due item.
    package init(position: ItemPosition, sessionName: String, resumeBlock: Int, runCount: Int, windowClosesAt: Date?) {
        self.position = position
        self.sessionName = sessionName
        self.resumeBlock = resumeBlock
        self.runCount = runCount
        self.windowClosesAt = windowClosesAt
    }
}
