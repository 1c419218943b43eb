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

    static func text(study: StudyDefinition, progress: StudyProgress, schedule: StudySchedule, now: Date, locale: String) -> String {
        let current = schedule.advanced(progress, to: now)
        var lines = ["\(study.render(study.title, locale: locale)) — participant \(progress.participant.uuidString)"]
        let completed = current.items.filter { $0.state == .completed }.count
        let skipped = current.items.filter { $0.state == .skipped }.count
        lines.append("progress: \(completed) of \(current.items.count) sessions completed, \(skipped) skipped")
        switch schedule.status(of: progress, at: now) {
        case .due(let due):
            let session = study.sessions[due.sessionName]
            let name = session.map { study.render($0.title, locale: locale) } ?? due.sessionName
            var line = "due now: day \(due.position.day + 1), session \(due.position.item + 1) '\(due.sessionName)' (\(name))"
            if due.runCount > 1 { line += ", block \(due.resumeBlock + 1) of \(due.runCount)" }
            lines.append(line)
            if let closes = due.windowClosesAt {
                lines.append("day \(due.position.day + 1) closes at \(LocalTime.text(closes)); open sessions are then recorded as skipped")
            } else {
                lines.append(
                    "day \(due.position.day + 1) opens its \(DocumentFormat.hours(study.settings.dayWindowHours)) window with the first completed session"
                )
            }
        case .waiting(let opens, let day):
            lines.append("day \(day) is done; day \(day + 1) opens at \(LocalTime.text(opens))")
        case .finished:
            lines.append("the study is finished")
        }
        for item in current.items where item.state == .skipped {
            let when = item.skippedAt.map { LocalTime.text($0) } ?? "?"
            lines.append(
                "skipped: day \(item.position.day + 1), session \(item.position.item + 1) '\(item.sessionName)' at \(when) (\(item.skipReason ?? ""))"
            )
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// Small formatting helpers.
enum DocumentFormat {
    /// "12 h", "1.5 h".
    static func hours(_ value: Double) -> String {
        value.rounded() == value ? "\(Int(value)) h" : "\(value) h"
    }
}
