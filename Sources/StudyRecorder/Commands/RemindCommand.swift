import ArgumentParser
import Foundation
import Notifications
import Storage
import Study

/// `study-recorder remind <study-folder> --data DIR`: for a systemd user timer or cron. When a
/// session is due and its reminder was not shown yet, shows a desktop notification (the freedesktop
/// Notifications interface on the session bus) in the participant's language; nothing otherwise
/// (the policy is ``Reminder``'s, in the Notifications module).
struct RemindCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remind",
        abstract: "Show a desktop notification when a session of a study is due (once per due session).",
        discussion: """
            For a systemd user timer or cron (docs/operations.md). Exit status: 0 a reminder shown, shown \
            before or nothing due; 66 nobody enrolled or no data folder; 69 no desktop session bus \
            (DBUS_SESSION_BUS_ADDRESS unset or unreachable) or no notification server; 65 an unreadable \
            progress file; 73 the reminder log cannot be written.
            """
    )

    /// The study folder.
    @Argument(help: "The study folder (holding study.json).")
    var study: String

    /// The data folder holding `progress/<study-id>.json`.
    @OptionGroup var data: DataOptions

    /// The time to evaluate at (ISO 8601), instead of now.
    @Option(help: "Evaluate at this time (ISO 8601, e.g. 2026-11-22T08:00:00Z) instead of now.")
    var now: String?

    /// The language of the notification: `--locale`, else the one the participant enrolled in.
    @Option(help: "The locale of the notification (default: the one the participant enrolled in, else the study's default).")
    var locale: String?

    /// Print the outcome as JSON.
    @Flag(help: "Print a JSON object {outcome: shown|alreadyShown|nothingDue, due, title, text, shownAt, locale}.")
    var json = false

    func validate() throws {
        if let now, UTCTimestamp.date(fromISO8601: now) == nil {
            throw ValidationError("--now must be an ISO 8601 time such as 2026-11-22T08:00:00Z")
        }
    }

    func run() throws {
        let definition = try StudyLoader.load(folder: URL(fileURLWithPath: study))
        let date = now.flatMap(UTCTimestamp.date(fromISO8601:)) ?? Date()
        try data.requireExisting()
        let result = try Reminder(study: definition, dataFolder: data.url).remind(at: date, locale: locale, notifier: DBusNotifier())
        if json {
            try Self.printJSON(result)
        } else {
            print(Self.text(result, study: definition))
        }
    }

    /// The line for the log of the timer or cron job, in the notification's language.
    static func text(_ result: ReminderResult, study: StudyDefinition) -> String {
        let strings = RuntimeStrings(locale: result.locale)
        guard let due = result.due else { return strings(.reminderNothingDue) }
        switch result.outcome {
        case .shown:
            return strings(.reminderShown, due.position.day + 1, due.position.item + 1, due.sessionName)
        case .alreadyShown:
            let when = result.shownAt.map { LocalTime.text($0) } ?? "?"
            return strings(.reminderAlreadyShown, due.position.day + 1, due.position.item + 1, due.sessionName, when)
        case .nothingDue:
            return strings(.reminderNothingDue)
        }
    }

    /// The `--json` form.
    struct Summary: Encodable {
        struct Due: Encodable {
            var day: Int
            var item: Int
            var session: String
        }
        var outcome: String
        var due: Due?
        var title: String?
        var text: String?
        var shownAt: Date?
        var locale: String
    }

    static func printJSON(_ result: ReminderResult) throws {
        let summary = Summary(
            outcome: result.outcome.rawValue,
            due: result.due.map { Summary.Due(day: $0.position.day + 1, item: $0.position.item + 1, session: $0.sessionName) },
            title: result.notification?.title, text: result.notification?.text, shownAt: result.shownAt, locale: result.locale)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = UTCTimestamp.jsonEncodingStrategy
        print(String(decoding: try encoder.encode(summary), as: UTF8.self))
    }
}
