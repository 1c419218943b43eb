public import Foundation

/// A participant's progress through a study, persisted as JSON in `<data>/progress/<study-id>.json`.
/// Only ``StudySchedule`` changes it, and only at run boundaries, so resuming starts at the block
/// that was not completed.
package struct StudyProgress: Sendable, Hashable, Codable {
    /// The progress-file format this build writes.
    package static let currentFormatVersion = 1

    /// The progress-file format version.
    package var formatVersion: Int
    /// The study's id.
    package var studyID: String
    /// A fingerprint of the protocol's shape (days, sessions, run counts); a progress file for a
    /// changed protocol is refused rather than silently reset.
    package var protocolFingerprint: String
    /// The participant's pseudonym.
    package var participant: UUID
    /// When the participant enrolled.
    package var enrolledAt: Date
    /// The current day's index (from 0); equals the number of days when the study is over.
    package var currentDay: Int
    /// When the current day's window opened (its first completed item), or `nil` if not yet.
    package var dayOpenedAt: Date?
    /// One entry per protocol item, in protocol order.
    package var items: [ItemProgress]
    /// What happened, in order.
    package var events: [ProgressEvent]
    /// The locale the participant enrolled in; later runs show texts in it unless `--locale` says
    /// otherwise (`nil` in progress files written before it was kept: the study's default).
    package var locale: String?
    /// The participant's answer to the consent question `tts` ("Should instructions be read
    /// aloud?"): `false` turns spoken cues into the bell; `nil` when the study does not ask.
    package var readAloud: Bool?

    /// Creates progress (use ``StudySchedule/enroll(participant:at:)``).
    package init(
        studyID: String, protocolFingerprint: String, participant: UUID, enrolledAt: Date, items: [ItemProgress]
    ) {
        self.formatVersion = Self.currentFormatVersion
        self.studyID = studyID
        self.protocolFingerprint = protocolFingerprint
        self.participant = participant
        self.enrolledAt = enrolledAt
        self.currentDay = 0
        self.dayOpenedAt = nil
        self.items = items
        self.events = []
    }

    /// The progress of the item at `position`.
    package func item(at position: ItemPosition) -> ItemProgress? { items.first { $0.position == position } }

    /// The indices of the items of `day`.
    func itemIndices(ofDay day: Int) -> [Int] { items.indices.filter { items[$0].position.day == day } }
}
