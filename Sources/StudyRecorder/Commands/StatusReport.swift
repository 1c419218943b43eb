import Foundation
import Storage
import Study

/// The text `status` prints, built from the schedule.
enum StatusReport {
    /// The `--json` form.
    struct Summary: Encodable {
        struct Due: Encodable {
            var day: Int
            var item: Int
            var session: String
            var block: Int
            var blocks: Int
        }
        struct Skipped: Encodable {
            var day: Int
            var item: Int
            var session: String
            var at: Date?
            var reason: String?
        }
        struct Next: Encodable {
            var day: Int
            var item: Int
            var session: String
            var opensAt: Date?
        }
        var enrolled: Bool
        var state: String
        var participant: String?
        var due: Due?
        var windowClosesAt: Date?
        var nextDayOpensAt: Date?
        var completed = 0
        var skipped = 0
        var total: Int
        var skippedItems: [Skipped] = []
        /// Study days completed in a row up to now (``Adherence/streak``).
        var streak: Int?
        /// Study days with every session completed, of the days so far.
        var daysCompleted: Int?
        var daysSoFar: Int?
        /// The session after the due one (or the next day's first).
        var next: Next?
        /// The participant's items retired on record (`resolve --retire`): never uploaded.
        var retiredItems: [Retired] = []

        struct Retired: Encodable {
            var path: String
            var reason: String?
        }
    }

    /// The summary of `progress` at `now` (days, items and blocks counted from 1).
    static func summary(progress: StudyProgress, schedule: StudySchedule, now: Date) -> Summary {
        let current = schedule.advanced(progress, to: now)
        var summary = Summary(enrolled: true, state: "finished", participant: progress.participant.uuidString, total: current.items.count)
        summary.completed = current.items.filter { $0.state == .completed }.count
        summary.skipped = current.items.filter { $0.state == .skipped }.count
        summary.skippedItems = current.items.filter { $0.state == .skipped }.map {
            Summary.Skipped(day: $0.position.day + 1, item: $0.position.item + 1, session: $0.sessionName, at: $0.skippedAt, reason: $0.skipReason)
        }
        let adherence = schedule.adherence(of: progress, at: now)
        summary.streak = adherence.streak
        summary.daysCompleted = adherence.daysCompleted
        summary.daysSoFar = adherence.daysSoFar
        summary.next = schedule.next(of: progress, at: now).map {
            Summary.Next(day: $0.position.day + 1, item: $0.position.item + 1, session: $0.sessionName, opensAt: $0.opensAt)
        }
        switch schedule.status(of: progress, at: now) {
        case .due(let due):
            summary.state = "due"
            summary.due = Summary.Due(
                day: due.position.day + 1, item: due.position.item + 1, session: due.sessionName, block: due.resumeBlock + 1,
                blocks: due.runCount)
            summary.windowClosesAt = due.windowClosesAt
        case .waiting(let opens, _):
            summary.state = "waiting"
            summary.nextDayOpensAt = opens
        case .finished:
            summary.state = "finished"
        }
        return summary
    }

    static func printJSON(_ summary: Summary) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = UTCTimestamp.jsonEncodingStrategy
        print(String(decoding: try encoder.encode(summary), as: UTF8.self))
    }

    /// The status as a person reads it, in `locale`'s words (``RuntimeStrings``); session ids stay
    /// as the study file writes them, titles are the locale's.
    static func text(study: StudyDefinition, progress: StudyProgress, schedule: StudySchedule, now: Date, locale: String) -> String {
        let strings = RuntimeStrings(locale: locale)
        let current = schedule.advanced(progress, to: now)
        var lines = [strings(.statusHeader, study.render(study.title, locale: locale), progress.participant.uuidString)]
        let completed = current.items.filter { $0.state == .completed }.count
        let skipped = current.items.filter { $0.state == .skipped }.count
        lines.append(strings(.statusProgress, completed, current.items.count, skipped))
        switch schedule.status(of: progress, at: now) {
        case .due(let due):
            let session = study.sessions[due.sessionName]
            let name = session.map { study.render($0.title, locale: locale) } ?? due.sessionName
            var line = strings(.statusDue, due.position.day + 1, due.position.item + 1, due.sessionName, name)
            if due.runCount > 1 { line += strings(.statusDueBlock, due.resumeBlock + 1, due.runCount) }
            lines.append(line)
            if let closes = due.windowClosesAt {
                lines.append(strings(.statusCloses, due.position.day + 1, LocalTime.text(closes)))
            } else {
                lines.append(strings(.statusOpensWindow, due.position.day + 1, strings.number(study.settings.dayWindowHours)))
            }
        case .waiting(let opens, let day):
            lines.append(strings(.statusWaiting, day, day + 1, LocalTime.text(opens)))
        case .finished:
            lines.append(strings(.summaryFinished))
        }
        if let next = schedule.next(of: progress, at: now) {
            let name = study.sessions[next.sessionName].map { study.render($0.title, locale: locale) } ?? next.sessionName
            var line = strings(.statusNext, next.position.day + 1, next.position.item + 1, next.sessionName, name)
            if let opens = next.opensAt { line += strings(.statusNextOpens, LocalTime.text(opens)) }
            lines.append(line)
        }
        lines.append(strings(.statusStreak, schedule.adherence(of: progress, at: now).streak))
        for item in current.items where item.state == .skipped {
            let when = item.skippedAt.map { LocalTime.text($0) } ?? "?"
            lines.append(strings(.statusSkipped, item.position.day + 1, item.position.item + 1, item.sessionName, when, item.skipReason ?? ""))
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
