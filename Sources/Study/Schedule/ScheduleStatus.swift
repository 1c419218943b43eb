public import Foundation

/// What the participant should do now, as `status` shows and `run` acts on.
package enum ScheduleStatus: Sendable, Hashable {
    /// An item is due now.
    case due(DueItem)
    /// Today's items are done (or skipped); the next day opens at the given time.
    case waiting(nextDayOpensAt: Date, day: Int)
    /// Every day is over.
    case finished(completed: Int, skipped: Int)
}
