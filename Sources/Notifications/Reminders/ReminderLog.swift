public import Foundation
import Storage
public import Study

/// The reminders shown to a participant, kept beside the progress file as
/// `<data>/progress/<study-id>.reminders.json` (docs/formats.md), so that each due session is
/// announced once: ``Reminder`` shows a notification only for a session this log does not hold.
package struct ReminderLog: Sendable, Hashable, Codable {
    /// The format this build writes.
    package static let currentFormatVersion = 1

    /// One reminder shown.
    package struct Entry: Sendable, Hashable, Codable {
        /// The study day (from 1).
        package var day: Int
        /// The session's place on its day (from 1).
        package var item: Int
        /// The session's name in the study file.
        package var session: String
        /// When the notification was shown.
        package var shownAt: Date

        /// Creates an entry.
        package init(day: Int, item: Int, session: String, shownAt: Date) {
            self.day = day
            self.item = item
            self.session = session
            self.shownAt = shownAt
        }
    }

    /// The log's format version.
    package var formatVersion: Int
    /// The participant the reminders were for; a log of another participant (the folder's study was
    /// enrolled again) counts as empty.
    package var participant: UUID
    /// The reminders shown, oldest first.
    package var shown: [Entry]

    /// An empty log for `participant`.
    package init(participant: UUID, shown: [Entry] = []) {
        self.formatVersion = Self.currentFormatVersion
        self.participant = participant
        self.shown = shown
    }

    /// The reminder shown for the session at `position` (days and items from 0), if any.
    package func entry(for position: ItemPosition) -> Entry? {
        shown.last { $0.day == position.day + 1 && $0.item == position.item + 1 }
    }

    /// The file of a study's log in `dataFolder`.
    package static func url(dataFolder: URL, studyID: String) -> URL {
        dataFolder.appendingPathComponent("progress").appendingPathComponent("\(studyID).reminders.json")
    }

    /// The log stored at `url`, or `nil` when there is none.
    static func load(from url: URL) throws -> ReminderLog? {
        guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = UTCTimestamp.jsonDecodingStrategy
        return try decoder.decode(ReminderLog.self, from: data)
    }

    /// Stores the log at `url` atomically and durably (as the progress file beside it).
    func save(to url: URL) throws {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = UTCTimestamp.jsonEncodingStrategy
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try AtomicFile.write(encoder.encode(self), to: url)
    }
}
