/// The kinds of progress events.
package enum ProgressEventKind: String, Sendable, Hashable, Codable {
    /// The participant enrolled.
    case enrolled
    /// A day's window opened with its first completed item.
    case dayOpened
    /// A block or questionnaire completed.
    case runCompleted
    /// A block ended early and was stored marked incomplete.
    case runIncomplete
    /// An item was completed.
    case itemCompleted
    /// An item was recorded as skipped.
    case itemSkipped
    /// A day's window closed and the next day became available.
    case dayClosed
    /// The last day closed or its last item completed.
    case studyFinished
    /// The progress was moved to a changed protocol (``ProgressMigration``); the detail names the
    /// fingerprints before and after.
    case migrated
}
