public import Foundation
import Storage
public import Study

/// The participant's reminder: when a session of the study is due and not yet done (``StudySchedule``
/// on the progress file, as `status` reads it), one desktop notification per due session, in the
/// participant's language; nothing when nothing is due. `study-recorder remind` runs it from a
/// systemd user timer or cron (docs/operations.md).
///
/// "Once per due session": a session (a day's item) is announced the first time a reminder finds
/// it due and recorded in the ``ReminderLog``; later reminders while it stays due (its window
/// open, or the participant half-way through its blocks) show nothing, and the next due session
/// gets its own. The log is written after the notification was shown, so a notification that
/// could not be shown is tried again by the next reminder.
package struct Reminder: Sendable {
    /// The study.
    package let study: StudyDefinition
    /// The data folder holding `progress/<study-id>.json`.
    package let dataFolder: URL

    /// The reminder of `study` for the participant of `dataFolder`.
    package init(study: StudyDefinition, dataFolder: URL) {
        self.study = study
        self.dataFolder = dataFolder
    }

    /// The reminder log's file.
    package var logURL: URL { ReminderLog.url(dataFolder: dataFolder, studyID: study.id) }

    /// Shows the reminder of the session due at `now` through `notifier`, unless it was shown
    /// before or nothing is due. The texts are in `locale`, else the one the participant enrolled
    /// in, else the study's default: the study file's `reminders` when it has them, else the
    /// runtime's (``RuntimeText/reminderTitle``, ``RuntimeText/reminderText``).
    package func remind(at now: Date, locale: String? = nil, notifier: some DesktopNotifier) throws(ReminderError) -> ReminderResult {
        let store = ProgressStore(dataFolder: dataFolder)
        let progressURL = store.url(forStudy: study.id)
        let stored: StudyProgress?
        do {
            stored = try store.load(studyID: study.id)
        } catch {
            throw .unreadable(file: progressURL.path, reason: "\(error)")
        }
        guard let progress = stored else {
            throw .notEnrolled(studyTitle: study.render(study.title, locale: locale ?? study.defaultLocale), progressFile: progressURL.path)
        }
        let schedule = StudySchedule(study: study)
        do {
            try schedule.check(progress)
        } catch {
            throw .unreadable(file: progressURL.path, reason: error.description)
        }
        let locale = locale ?? progress.locale ?? study.defaultLocale
        guard case .due(let due) = schedule.status(of: progress, at: now) else {
            return ReminderResult(outcome: .nothingDue, locale: locale)
        }
        let notification = self.notification(for: due, locale: locale)
        var log: ReminderLog
        do {
            log = try ReminderLog.load(from: logURL) ?? ReminderLog(participant: progress.participant)
        } catch {
            throw .unreadable(file: logURL.path, reason: "\(error)")
        }
        if log.participant != progress.participant { log = ReminderLog(participant: progress.participant) }
        if let entry = log.entry(for: due.position) {
            return ReminderResult(outcome: .alreadyShown, due: due, notification: notification, shownAt: entry.shownAt, locale: locale)
        }
        do {
            try notifier.show(notification)
        } catch {
            throw .notification(error)
        }
        log.shown.append(
            ReminderLog.Entry(day: due.position.day + 1, item: due.position.item + 1, session: due.sessionName, shownAt: now))
        do {
            try log.save(to: logURL)
        } catch {
            throw .unwritable(file: logURL.path, reason: "\(error)")
        }
        return ReminderResult(outcome: .shown, due: due, notification: notification, shownAt: now, locale: locale)
    }

    /// The notification for `due` in `locale`: the study's `reminders` texts, each defaulting to the
    /// runtime's words; `#day#` and `#sessionTitle#` are filled in either.
    package func notification(for due: DueItem, locale: String) -> DesktopNotification {
        let strings = RuntimeStrings(locale: locale)
        let sessionTitle = study.sessions[due.sessionName].map { study.render($0.title, locale: locale) } ?? due.sessionName
        let values = ["day": String(due.position.day + 1), "sessionTitle": sessionTitle]
        let title =
            study.reminders?.title.map { study.render($0, locale: locale, values: values) }
            ?? strings(.reminderTitle, study.render(study.title, locale: locale))
        let text =
            study.reminders?.text.map { study.render($0, locale: locale, values: values) }
            ?? strings(.reminderText, due.position.day + 1, due.position.item + 1, sessionTitle)
        return DesktopNotification(title: title, text: text)
    }
}
