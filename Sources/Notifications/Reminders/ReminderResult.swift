public import Foundation
public import Study

/// What ``Reminder/remind(at:locale:notifier:)`` did.
package struct ReminderResult: Sendable, Hashable {
    /// What happened.
    package enum Outcome: String, Sendable, Hashable {
        /// A session is due and its reminder was shown now.
        case shown
        /// A session is due and its reminder was shown before (``ReminderResult/shownAt``).
        case alreadyShown
        /// Nothing is due (the day is done, or the study is over): no reminder.
        case nothingDue
    }

    /// What happened.
    package var outcome: Outcome
    /// The session due, unless nothing is.
    package var due: DueItem?
    /// The notification shown now or before (its texts as they read now).
    package var notification: DesktopNotification?
    /// When the reminder for the due session was shown.
    package var shownAt: Date?
    /// The locale of the texts.
    package var locale: String
}
