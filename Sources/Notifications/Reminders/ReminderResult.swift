public import Foundation
public import Study

/// What ``Reminder/remind(at:locale:notifier:)`` did.
public struct ReminderResult: Sendable, Hashable {
    /// What happened.
    public enum Outcome: String, Sendable, Hashable {
        /// A session is due and its reminder was shown now.
        case shown
        /// A session is due and its reminder was shown before (``ReminderResult/shownAt``).
        case alreadyShown
        /// Nothing is due (the day is done, or the study is over): no reminder.
        case nothingDue
    }

    /// What happened.
    public var outcome: Outcome
    /// The session due, unless nothing is.
    public var due: DueItem?
    /// The notification shown now or before (its texts as they read now).
    public var notification: DesktopNotification?
    /// When the reminder for the due session was shown.
    public var shownAt: Date?
    /// The locale of the texts.
    public var locale: String
}
