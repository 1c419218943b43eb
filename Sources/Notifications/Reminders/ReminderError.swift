/// Why `remind` could not decide or show a reminder (the exit codes are docs/operations.md's).
package enum ReminderError: Error, Sendable, CustomStringConvertible {
    /// Nobody is enrolled in the study in this data folder (66): no progress file.
    case notEnrolled(studyTitle: String, progressFile: String)
    /// The progress file or the reminder log cannot be read, or belongs to another study or
    /// protocol (65).
    case unreadable(file: String, reason: String)
    /// The reminder log could not be written (73); the notification was shown.
    case unwritable(file: String, reason: String)
    /// No desktop to show the notification on (69).
    case notification(NotificationError)

    package var description: String {
        switch self {
        case .notEnrolled(let title, let file): "\(title): not enrolled (no \(file)); nothing to remind of"
        case .unreadable(let file, let reason): "\(file): unreadable: \(reason)"
        case .unwritable(let file, let reason): "\(file): cannot be written: \(reason) (the reminder was shown)"
        case .notification(let error): error.description
        }
    }
}
