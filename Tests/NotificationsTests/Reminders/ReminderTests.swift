import Foundation
import Notifications
import Study
import TestSupport
import Testing

/// The reminder's decision and its log, with the real D-Bus notifier on a private bus.
@Suite(.tags(.process, .server), .enabled(if: NotificationBus.available, "dbus-daemon and python3-dbusmock (scripts/bootstrap)"))
struct ReminderTests {
    let studyFile = ProjectPaths.root.appendingPathComponent("Tests/StudyTests/Fixtures/valid/minimal.json")
    let t0 = Date(timeIntervalSince1970: 1_800_000_000)  // 2027-01-15T08:00:00Z

    private func enrolled(_ data: TemporaryDirectory) throws -> (Reminder, StudyProgress) {
        let study = try StudyLoader.load(folder: studyFile)
        let progress = StudySchedule(study: study).enroll(participant: UUID(), at: t0)
        try ProgressStore(dataFolder: data.url).save(progress)
        return (Reminder(study: study, dataFolder: data.url), progress)
    }

    /// A notification that could not be shown is not logged: the next reminder shows it.
    @Test func aReminderThatCouldNotBeShownIsTriedAgain() throws {
        let data = try TemporaryDirectory("reminder-retry")
        let (reminder, _) = try enrolled(data)
        #expect(throws: ReminderError.self) { try reminder.remind(at: t0, notifier: DBusNotifier(address: nil)) }
        #expect(!FileManager.default.fileExists(atPath: reminder.logURL.path))

        let bus = try NotificationBus()
        defer { bus.stop() }
        let result = try reminder.remind(at: t0, notifier: DBusNotifier(address: bus.address))
        #expect(result.outcome == .shown)
        #expect(try bus.notifications().map(\.title) == ["Minimal study: a session is due"])
        #expect(try bus.notifications().map(\.text) == ["Day 1, session 1: Mood is due now."])
        #expect(try reminder.remind(at: t0.addingTimeInterval(60), notifier: DBusNotifier(address: bus.address)).outcome == .alreadyShown)
        #expect(try bus.notifications().count == 1)
    }

    /// A log left by an earlier participant of the folder (the study enrolled again) counts as empty.
    @Test func aLogOfAnotherParticipantCountsAsEmpty() throws {
        let data = try TemporaryDirectory("reminder-other")
        let (reminder, progress) = try enrolled(data)
        let other = ReminderLog(participant: UUID(), shown: [ReminderLog.Entry(day: 1, item: 1, session: "mood", shownAt: t0)])
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        try FileManager.default.createDirectory(at: reminder.logURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        try encoder.encode(other).write(to: reminder.logURL)

        let bus = try NotificationBus()
        defer { bus.stop() }
        #expect(try reminder.remind(at: t0, notifier: DBusNotifier(address: bus.address)).outcome == .shown)
        #expect(try bus.notifications().count == 1)
        let log = try JSONDecoder.iso8601.decode(ReminderLog.self, from: Data(contentsOf: reminder.logURL))
        #expect(log.participant == progress.participant)
        #expect(log.shown.map(\.session) == ["mood"])
    }
}

extension JSONDecoder {
    fileprivate static var iso8601: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
