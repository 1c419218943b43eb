import Foundation
import Report
import Storage
import Study

/// One participant's adherence and flags (Report's ``ParticipantAdherence``), from what `collect`
/// has of them: their catalogued items, the state's entries of their folder (when each item was
/// made and reached the server; a consent's `created` is the enrolment), the figures read from each
/// recording (``OverviewCache``) and the study's protocol and monitoring thresholds.
///
/// The schedule by the calendar: a participant is on study day `n` on the `n`th day since enrolment
/// (UTC days, at most the protocol's last), and the sessions of days up to that one are due. A
/// session counts as completed when anything of it was collected; one of a past study day with
/// nothing collected is missed. Scripted and simulated recordings are in the figures and counted
/// apart; a participant whose every recording is one is a demo.
struct ParticipantMonitor {
    let study: StudyDefinition
    let thresholds: MonitoringThresholds
    /// The day the figures are for (its start, UTC).
    let asOf: Date

    /// The figures and flags of participant `id`.
    func adherence(_ id: String, items: [CatalogItem], entries: [CollectionState.Entry], cache: OverviewCache) -> ParticipantAdherence {
        var out = ParticipantAdherence(participant: id)
        let made = entries.compactMap { $0.created.flatMap { UTCTimestamp.date(fromISO8601: $0) } } + items.map(\.created)
        let enrolled = made.min()
        out.enrolled = enrolled.map(Self.day)
        let uploaded = entries.compactMap { $0.uploaded.flatMap { UTCTimestamp.date(fromISO8601: $0) } }.max()
        out.lastUpload = uploaded.map { UTCTimestamp.iso8601($0) }
        out.daysSinceUpload = uploaded.map { Self.days(from: $0, to: asOf) }

        // The schedule: due by the calendar, completed by what was collected.
        let protocolItems = study.items
        let studyDay = enrolled.map { min(study.days.count, Self.days(from: $0, to: asOf) + 1) } ?? 0
        out.studyDay = studyDay
        let collected = Set(items.compactMap { study.itemIndex(day: $0.day, session: $0.session) })
        let due = protocolItems.indices.filter { protocolItems[$0].position.day < studyDay }
        out.sessionsDue = due.count
        out.sessionsCompleted = due.filter { collected.contains($0) }.count
        // Past days: every day before the current one, and the current one too once the protocol is over.
        let pastDays = Self.days(from: enrolled ?? asOf, to: asOf) + 1 > study.days.count ? studyDay : studyDay - 1
        let past = due.filter { protocolItems[$0].position.day < pastDays }
        out.sessionsMissed = past.filter { !collected.contains($0) }.count
        out.missedInARow = past.reversed().prefix { !collected.contains($0) }.count

        // The recordings: quality, loss, link, battery, headband; scripted and simulated apart.
        var good = 0, all = 0
        var sessions: [Int: (failed: Bool, created: Date)] = [:]
        let recordings = items.filter { $0.kind == .recording }.sorted { $0.created < $1.created }
        for item in recordings {
            guard let figures = cache.items[item.id] else { continue }
            if let grades = figures.grades, grades.count == 3 {
                good += grades[0]
                all += grades.reduce(0, +)
            }
            out.recordedSeconds += figures.seconds ?? 0
            out.lostSeconds += figures.lostSeconds ?? 0
            out.reconnects += figures.reconnects ?? 0
            if let device = figures.device, !out.devices.contains(device) { out.devices.append(device) }
            let failed =
                (figures.reconnects ?? 0) > 0 || (figures.lostSeconds ?? 0) > 0
                || (figures.batteryEnd.map { $0 < thresholds.lowBattery } ?? false)
            let key = study.itemIndex(day: item.day, session: item.session) ?? -1
            sessions[key] = ((sessions[key]?.failed ?? false) || failed, max(sessions[key]?.created ?? item.created, item.created))
        }
        if let latest = recordings.last(where: { cache.items[$0.id]?.batteryStart != nil }).flatMap({ cache.items[$0.id] }) {
            out.batteryStart = latest.batteryStart
            out.batteryEnd = latest.batteryEnd
        }
        out.goodSignal = all > 0 ? Double(good) / Double(all) : nil
        var apart = 0
        for item in recordings {
            let figures = cache.items[item.id]
            let scripted = figures?.scripted == true
            let simulated = figures?.source.map(Self.simulatedSources.contains) ?? false
            if scripted { out.scriptedItems += 1 }
            if simulated { out.simulatedItems += 1 }
            if scripted || simulated { apart += 1 }
        }
        out.items = items.count
        out.isDemo = !recordings.isEmpty && apart == recordings.count

        // The flags.
        var flags: [OverviewFlag] = []
        if let days = out.daysSinceUpload, Double(days) > thresholds.noUploadDays, out.sessionsCompleted < protocolItems.count {
            flags.append(OverviewFlag(kind: .noUpload, value: Double(days), threshold: thresholds.noUploadDays))
        }
        if out.missedInARow >= thresholds.missedInARow {
            flags.append(OverviewFlag(kind: .missedSessions, value: Double(out.missedInARow), threshold: Double(thresholds.missedInARow)))
        }
        if let share = out.goodSignal, share * 100 < thresholds.minimumGoodSignal {
            flags.append(OverviewFlag(kind: .lowQuality, value: share * 100, threshold: thresholds.minimumGoodSignal))
        }
        if let share = out.lostShare, share * 100 > thresholds.maximumLoss {
            flags.append(OverviewFlag(kind: .highLoss, value: share * 100, threshold: thresholds.maximumLoss))
        }
        let lastThree = sessions.values.sorted { $0.created > $1.created }.prefix(3)
        let failing = lastThree.filter(\.failed).count
        if failing >= thresholds.failingSessions {
            flags.append(OverviewFlag(kind: .failingHeadband, value: Double(failing), threshold: Double(thresholds.failingSessions)))
        }
        out.flags = flags
        return out
    }

    /// `/Provenance` sources that are no participant's headband.
    static let simulatedSources: Set<String> = ["simulated-headband", "replayed-capture", "replay", "oscillator"]

    /// Whole UTC days from `start` to `end` (0 on the same day).
    static func days(from start: Date, to end: Date) -> Int {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let from = calendar.startOfDay(for: start), to = calendar.startOfDay(for: end)
        return max(0, calendar.dateComponents([.day], from: from, to: to).day ?? 0)
    }

    /// The UTC day of `date`, `2026-11-28`.
    static func day(_ date: Date) -> String { String(UTCTimestamp.iso8601(date).prefix(10)) }
}
