public import Foundation

extension RecordingWriter {
    /// Whether a live process is recording into `url` now: its crash journal is locked by the writer
    /// (the kernel drops the lock when that process ends in any way). A catalog entry in state
    /// `writing` whose journal is not locked was interrupted and waits for recovery instead.
    package static func isBeingWritten(_ url: URL) -> Bool {
        JournalFile.isLocked(journalURL(for: url))
    }
}
