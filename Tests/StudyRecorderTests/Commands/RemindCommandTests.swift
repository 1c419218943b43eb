import Foundation
import TestSupport
import Testing

/// `study-recorder remind`: one desktop notification per due session, on a real session bus
/// (`dbus-daemon`) with python-dbusmock's notification server, the participant enrolled and the
/// sessions run with the CLI; time moves with `--now`.
@Suite(.tags(.process, .server), .enabled(if: NotificationBus.available, "dbus-daemon and python3-dbusmock (scripts/bootstrap)"))
struct RemindCommandTests {
    static let t0 = Date(timeIntervalSince1970: 1_800_000_000)  // 2027-01-15T08:00:00Z

    /// The minimal study with a questionnaire on each of two days (12 h window) and reminder titles
    /// of its own in English and German (the text is the runtime's).
    static func study(in dir: TemporaryDirectory) throws -> String {
        let base = ProjectPaths.root.appendingPathComponent("Tests/StudyTests/Fixtures/valid/minimal.json")
        var study = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: base)) as? [String: Any])
        study["days"] = [["sessions": ["mood"]], ["sessions": ["mood", "rest"]]]
        study["reminders"] = ["title": ["en": "Time for #sessionTitle# (day #day#)", "de": "Zeit für #sessionTitle# (Tag #day#)"]]
        let folder = dir.path("study")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try JSONSerialization.data(withJSONObject: study).write(to: folder.appendingPathComponent("study.json"))
        return folder.path
    }

    static func at(_ seconds: TimeInterval) -> String {
        let formatter = ISO8601DateFormatter()
        return formatter.string(from: t0.addingTimeInterval(seconds))
    }

    private func remind(_ study: String, _ data: URL, bus: String, at seconds: TimeInterval, json: Bool = false) throws -> ProcessResult {
        try CLI.run(
            ["remind", study, "--data", data.path, "--now", Self.at(seconds)] + (json ? ["--json"] : []),
            environment: ["DBUS_SESSION_BUS_ADDRESS": bus, "TZ": "UTC"])
    }

    @Test func oneNotificationPerDueSessionAndNoneWhenNothingIsDue() throws {
        let dir = try TemporaryDirectory("cli-remind")
        let study = try Self.study(in: dir)
        let data = dir.path("data")
        let bus = try NotificationBus()
        defer { bus.stop() }
        let enrolled = try CLI.run(["enroll", study, "--data", data.path, "--name", "Ann", "--auto", "--now", Self.at(0)])
        #expect(enrolled.status == 0, "\(enrolled.stderr)")

        // Day 1's questionnaire is due: one notification, and no second one while it stays due.
        let first = try remind(study, data, bus: bus.address, at: 60)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout == "reminder shown: day 1, session 1 'mood'\n")
        let again = try remind(study, data, bus: bus.address, at: 120)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout == "reminder for day 1, session 1 'mood' already shown at 2027-01-15 08:01 (GMT, UTC+00:00)\n")
        var calls = try bus.notifications()
        #expect(calls.map(\.title) == ["Time for Mood (day 1)"])
        #expect(calls.map(\.text) == ["Day 1, session 1: Mood is due now."])
        #expect(calls.allSatisfy { $0.app == "study-recorder" })

        // Done: day 1 is over until its window closes; nothing is due, nothing is shown.
        let run = try CLI.run(["run", study, "--data", data.path, "--auto", "--speed", "100", "--now", Self.at(180)])
        #expect(run.status == 0, "\(run.stderr)")
        let nothing = try remind(study, data, bus: bus.address, at: 240, json: true)
        #expect(nothing.status == 0, "\(nothing.stderr)")
        struct Summary: Decodable {
            struct Due: Decodable { var day: Int; var item: Int; var session: String }
            var outcome: String
            var due: Due?
            var title: String?
            var shownAt: String?
        }
        #expect(try JSONDecoder().decode(Summary.self, from: Data(nothing.stdout.utf8)).outcome == "nothingDue")
        #expect(try remind(study, data, bus: bus.address, at: 6 * 3600).stdout == "nothing is due: no reminder\n")
        #expect(try bus.notifications().count == 1)

        // Day 2 opens when day 1's 12 h window has closed: the next due session gets one more.
        let second = try remind(study, data, bus: bus.address, at: 13 * 3600, json: true)
        #expect(second.status == 0, "\(second.stderr)")
        let summary = try JSONDecoder().decode(Summary.self, from: Data(second.stdout.utf8))
        #expect(summary.outcome == "shown")
        #expect(summary.due?.day == 2 && summary.due?.item == 1 && summary.due?.session == "mood")
        #expect(summary.shownAt == "2027-01-15T21:00:00Z")
        #expect(try remind(study, data, bus: bus.address, at: 14 * 3600).status == 0)
        calls = try bus.notifications()
        #expect(calls.map(\.title) == ["Time for Mood (day 1)", "Time for Mood (day 2)"])

        let log = try String(contentsOf: data.appendingPathComponent("progress/minimal.reminders.json"), encoding: .utf8)
        #expect(log.contains("\"shownAt\" : \"2027-01-15T21:00:00Z\""), "\(log)")
    }

    /// A participant who enrolled in German gets the notification in German: the study's German
    /// title, the runtime's German text.
    @Test func aGermanParticipantIsRemindedInGerman() throws {
        let dir = try TemporaryDirectory("cli-remind-de")
        let study = try Self.study(in: dir)
        let data = dir.path("data")
        let bus = try NotificationBus()
        defer { bus.stop() }
        let enrolled = try CLI.run(["enroll", study, "--data", data.path, "--name", "Ben", "--auto", "--locale", "de", "--now", Self.at(0)])
        #expect(enrolled.status == 0, "\(enrolled.stderr)")
        let shown = try remind(study, data, bus: bus.address, at: 60)
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout == "Erinnerung angezeigt: Tag 1, Sitzung 1 'mood'\n")
        let calls = try bus.notifications()
        #expect(calls.map(\.title) == ["Zeit für Mood (Tag 1)"])
        #expect(calls.map(\.text) == ["Tag 1, Sitzung 1: Mood ist jetzt fällig."])
    }

    /// Without a desktop bus: one line, exit 69, nothing logged, so the reminder is shown once a bus
    /// is there. Before enrolment: one line, 66.
    @Test func withoutASessionBusItSaysSoAndTriesAgainLater() throws {
        let dir = try TemporaryDirectory("cli-remind-nobus")
        let study = try Self.study(in: dir)
        let data = dir.path("data")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        let notEnrolled = try remind(study, data, bus: "", at: 60)
        #expect(notEnrolled.status == 66)
        #expect(notEnrolled.stderr.hasPrefix("study-recorder: Minimal study: not enrolled (no "), "\(notEnrolled.stderr)")
        #expect(notEnrolled.stderr.split(separator: "\n").count == 1)
        #expect(try CLI.run(["enroll", study, "--data", data.path, "--name", "Cy", "--auto", "--now", Self.at(0)]).status == 0)

        let unset = try remind(study, data, bus: "", at: 60)
        #expect(unset.status == 69)
        #expect(
            unset.stderr == "study-recorder: no desktop session bus: DBUS_SESSION_BUS_ADDRESS is not set (no notification shown)\n",
            "\(unset.stderr)")
        let gone = "unix:path=\(dir.path("no-such-bus").path)"
        let unreachable = try remind(study, data, bus: gone, at: 60)
        #expect(unreachable.status == 69)
        #expect(unreachable.stderr.hasPrefix("study-recorder: no desktop session bus at \(gone): "), "\(unreachable.stderr)")
        #expect(unreachable.stderr.split(separator: "\n").count == 1)

        let silent = try NotificationBus(notificationServer: false)
        let noServer = try remind(study, data, bus: silent.address, at: 60)
        silent.stop()
        #expect(noServer.status == 69)
        #expect(noServer.stderr.hasPrefix("study-recorder: the desktop session bus has no notification server"), "\(noServer.stderr)")
        #expect(!FileManager.default.fileExists(atPath: data.appendingPathComponent("progress/minimal.reminders.json").path))

        let bus = try NotificationBus()
        defer { bus.stop() }
        #expect(try remind(study, data, bus: bus.address, at: 120).status == 0)
        #expect(try bus.notifications().count == 1)
    }

    /// libdbus is opened only by `remind` (docs/decisions/0012): other commands start without it.
    @Test func libdbusIsLoadedOnlyWhenANotificationIsShown() throws {
        let dir = try TemporaryDirectory("cli-remind-lazy")
        let study = try Self.study(in: dir)
        let data = dir.path("data")
        #expect(try CLI.run(["enroll", study, "--data", data.path, "--name", "Di", "--auto", "--now", Self.at(0)]).status == 0)
        let bus = try NotificationBus()
        defer { bus.stop() }
        let loader = ["LD_DEBUG": "files", "DBUS_SESSION_BUS_ADDRESS": bus.address]
        let status = try CLI.run(["status", study, "--data", data.path], environment: loader)
        #expect(status.status == 0, "\(status.stderr.suffix(500))")
        #expect(status.stderr.contains("file=libsqlite3.so.0") || status.stderr.contains("file=libc.so.6"), "\(status.stderr.prefix(300))")
        #expect(!status.stderr.contains("file=libdbus-1.so"), "libdbus loaded at start-up")
        let reminded = try CLI.run(["remind", study, "--data", data.path, "--now", Self.at(60)], environment: loader)
        #expect(reminded.status == 0, "\(reminded.stderr.suffix(500))")
        let opened = reminded.stderr.split(separator: "\n").filter { $0.contains("file=libdbus-1.so.3 ") }
        #expect(opened.contains { $0.contains("dynamically loaded by") }, "\(opened)")
    }
}
