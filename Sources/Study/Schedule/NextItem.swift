public import Foundation

/// The session that comes after the one due now (or, between days, the first of the next day): what
/// `status` shows as "next".
package struct NextItem: Sendable, Hashable {
    /// Where it is in the protocol.
    package var position: ItemPosition
    /// Its session name.
    package var sessionName: String
    /// When its day opens, when it is on a later day and that time is known (the window of the day
    /// before has opened); `nil` for a session on the day under way, which follows the due one.
    package var opensAt: Date?

    /// Creates the next item.
    package init(position: ItemPosition, sessionName: String, opensAt: Date?) {
        self.position = position
        self.sessionName = sessionName
        self.opensAt = opensAt
    }
}
