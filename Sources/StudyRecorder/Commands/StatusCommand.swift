import ArgumentParser
import Foundation
import Storage
import Study

/// `study-recorder status <study-folder> --data DIR`: what is due now and when the next day opens,
/// from the progress file `<data>/progress/<study-id>.json`.
struct StatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show what is due in a study and when the next day opens."
    )

    /// The study folder.
    @Argument(help: "The study folder (holding study.json).")
    var study: String

    /// The data folder holding `progress/<study-id>.json` (`--data`, like every command).
    @OptionGroup var data: DataOptions

    /// The time to evaluate at (ISO 8601), instead of now.
    @Option(help: "Evaluate at this time (ISO 8601, e.g. 2026-11-22T08:00:00Z) instead of now.")
    var now: String?

    /// The language of the text: `--locale`, else the one the participant enrolled in.
    @Option(help: "The locale of the text (default: the one the participant enrolled in, else the study's default).")
    var locale: String?

    /// Print the status as JSON.
    @Flag(help: "Print a JSON object {enrolled, state, due, windowClosesAt, nextDayOpensAt, completed, skipped, total, skippedItems, streak, daysCompleted, daysSoFar, next}.")
    var json = false

    func validate() throws {
        if let now, UTCTimestamp.date(fromISO8601: now) == nil {
            throw ValidationError("--now must be an ISO 8601 time such as 2026-11-22T08:00:00Z")
        }
    }

    func run() async throws {
        let definition = try StudyLoader.load(folder: URL(fileURLWithPath: study))
        let clock: any StudyClock
        if let now {
            guard let date = UTCTimestamp.date(fromISO8601: now) else {
                throw ValidationError("--now must be an ISO 8601 time such as 2026-11-22T08:00:00Z")
            }
            clock = FixedStudyClock(date)
        } else {
            clock = SystemStudyClock()
        }
        try data.requireExisting()
        let store = ProgressStore(dataFolder: data.url)
        let schedule = StudySchedule(study: definition)
        let stored: StudyProgress?
        do {
            stored = try store.load(studyID: definition.id)
        } catch {
            throw CommandError.malformedInput("\(store.url(forStudy: definition.id).path): unreadable progress file: \(error)", prefixed: false)
        }
        // The participant's language: asked for, else the one they enrolled in, else the study's.
        let locale = locale ?? stored?.locale ?? definition.defaultLocale
        guard let progress = stored else {
            if json {
                try StatusReport.printJSON(StatusReport.Summary(enrolled: false, state: "notEnrolled", total: definition.items.count))
            } else {
                let title = definition.render(definition.title, locale: locale)
                print(RuntimeStrings(locale: locale)(.statusNotEnrolled, title, store.url(forStudy: definition.id).path, CommandHint.enrol))
            }
            return
        }
        do {
            try schedule.check(progress)
        } catch {
            throw CommandError.reworded(error, line: "\(store.url(forStudy: definition.id).path): " + CommandHint.line(error.description, for: error), prefixed: false)
        }
        // Items a person retired (kept here, never uploaded) are part of where the participant stands.
        let retired = ((try? await DataStore.open(root: data.url).items(state: .retired, participant: progress.participant.uuidString)) ?? [])
            .map { StatusReport.Summary.Retired(path: $0.path, reason: $0.retiredReason) }
        if json {
            var summary = StatusReport.summary(progress: progress, schedule: schedule, now: clock.now)
            summary.retiredItems = retired
            try StatusReport.printJSON(summary)
        } else {
            let text = StatusReport.text(study: definition, progress: progress, schedule: schedule, now: clock.now, locale: locale)
            print(text, terminator: "")
            let strings = RuntimeStrings(locale: locale)
            for item in retired { print(strings(.listRetired, "\(item.path): \(item.reason ?? "")")) }
        }
    }
}
