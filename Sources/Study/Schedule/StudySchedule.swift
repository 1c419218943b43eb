public import Foundation
public import Storage

/// The multi-day schedule as pure functions over ``StudyProgress`` and a given time:
///
/// - A day's window opens at its first completed run (block or questionnaire) and lasts
///   `settings.dayWindowHours`.
/// - Items of the current day are due in order; a block that ended incomplete is due again.
/// - When the window closes, the day's open items are recorded as **skipped** (with the closing
///   time), never as completed, and the next day becomes available. If everything was done early,
///   the next day still opens only when the window ends (days are at least a window apart).
/// - A day that was never started has no window and waits for the participant.
package struct StudySchedule: Sendable {
    /// The study.
    package let study: StudyDefinition

    /// Creates the schedule of `study`.
    package init(study: StudyDefinition) { self.study = study }

    /// The day window in seconds.
    package var window: TimeInterval { study.settings.dayWindowSeconds }

    /// Fresh progress for a participant enrolling at `time`.
    package func enroll(participant: UUID, at time: Date) -> StudyProgress {
        let items = study.items.map { item in
            ItemProgress(
                position: item.position, sessionName: item.sessionName,
                runCount: study.sessions[item.sessionName]?.runCount ?? 1)
        }
        var progress = StudyProgress(
            studyID: study.id, protocolFingerprint: ProtocolFingerprint.of(study), participant: participant,
            enrolledAt: time, items: items)
        progress.events.append(ProgressEvent(kind: .enrolled, time: time, day: 0))
        return progress
    }

    /// Checks that `progress` belongs to this study and protocol.
    package func check(_ progress: StudyProgress) throws(ScheduleError) {
        guard progress.formatVersion <= StudyProgress.currentFormatVersion else {
            throw .unsupportedFormat(progress.formatVersion)
        }
        guard progress.studyID == study.id else { throw .otherStudy(expected: study.id, found: progress.studyID) }
        guard progress.protocolFingerprint == ProtocolFingerprint.of(study) else { throw .protocolChanged }
    }

    /// Applies the passage of time up to `now`: closes the current day if its window ended,
    /// recording its open items as skipped, and moves to the next day.
    package func advanced(_ progress: StudyProgress, to now: Date) -> StudyProgress {
        var progress = progress
        while progress.currentDay < study.days.count {
            let day = progress.currentDay
            let closes: Date
            if let opened = progress.dayOpenedAt {
                closes = opened.addingTimeInterval(window)
                guard now >= closes else { break }
            } else if day < study.days.count - 1,
                progress.itemIndices(ofDay: day).allSatisfy({ !progress.items[$0].isOpen })
            {
                // Every item was skipped on purpose before the day opened: move on at once.
                closes = now
            } else {
                break
            }
            for index in progress.itemIndices(ofDay: day) where progress.items[index].isOpen {
                progress.items[index].state = .skipped
                progress.items[index].skippedAt = closes
                progress.items[index].skipReason = "dayWindowClosed"
                progress.events.append(
                    ProgressEvent(
                        kind: .itemSkipped, time: closes, day: day, position: progress.items[index].position,
                        detail: "dayWindowClosed"))
            }
            progress.events.append(ProgressEvent(kind: .dayClosed, time: closes, day: day))
            progress.currentDay += 1
            progress.dayOpenedAt = nil
            if progress.currentDay == study.days.count, !progress.events.contains(where: { $0.kind == .studyFinished }) {
                progress.events.append(ProgressEvent(kind: .studyFinished, time: closes, day: day))
            }
        }
        return progress
    }

    /// What is due at `now` (after applying ``advanced(_:to:)``).
    package func status(of progress: StudyProgress, at now: Date) -> ScheduleStatus {
        let progress = advanced(progress, to: now)
        let day = progress.currentDay
        if day >= study.days.count || isFinished(progress) {
            return .finished(
                completed: progress.items.filter { $0.state == .completed }.count,
                skipped: progress.items.filter { $0.state == .skipped }.count)
        }
        let closes = progress.dayOpenedAt.map { $0.addingTimeInterval(window) }
        if let index = progress.itemIndices(ofDay: day).first(where: { progress.items[$0].isOpen }) {
            let item = progress.items[index]
            return .due(
                DueItem(
                    position: item.position, sessionName: item.sessionName, resumeBlock: item.completedBlocks,
                    runCount: item.runCount, windowClosesAt: closes))
        }
        // Every item of the day is done; a completed item opened the window, so `closes` is set.
        return .waiting(nextDayOpensAt: closes ?? now, day: day + 1)
    }

    /// The same, reading the time from `clock`.
    package func status(of progress: StudyProgress, clock: some StudyClock) -> ScheduleStatus {
        status(of: progress, at: clock.now)
    }

    /// Whether no item is open on the last day and the last day was reached.
    private func isFinished(_ progress: StudyProgress) -> Bool {
        progress.currentDay == study.days.count - 1
            && progress.itemIndices(ofDay: progress.currentDay).allSatisfy { !progress.items[$0].isOpen }
    }

    /// Records a stored run (block `block` of the due item, or 0 for a questionnaire) that ended at
    /// `time`. Only the item and block that were due when the run started (`startedAt`, default
    /// `time`) are accepted, so a block that began just before the window closed still counts. A
    /// complete run advances the protocol (and opens the day's window if it is the day's first); an
    /// incomplete one is logged with its reason and due again. Call this only after the run was
    /// stored: a failed store must not advance the study.
    package func recording(
        _ outcome: RecordingOutcome, of position: ItemPosition, block: Int, in progress: StudyProgress, at time: Date,
        startedAt: Date? = nil, file: String? = nil
    ) throws(ScheduleError) -> StudyProgress {
        let start = min(startedAt ?? time, time)
        var progress = advanced(progress, to: start)
        guard case .due(let due) = status(of: progress, at: start) else {
            throw .notDue(position: position, block: block, due: "nothing is due now")
        }
        guard due.position == position, due.resumeBlock == block,
            let index = progress.items.firstIndex(where: { $0.position == position })
        else {
            throw .notDue(position: position, block: block, due: "due is block \(due.resumeBlock) of \(due.position)")
        }
        let day = position.day
        progress.items[index].runs.append(
            BlockRecord(block: block, outcome: outcome, finishedAt: time, file: file))
        switch outcome {
        case .incomplete(let reason):
            progress.events.append(
                ProgressEvent(kind: .runIncomplete, time: time, day: day, position: position, block: block, detail: reason))
        case .complete:
            progress.events.append(
                ProgressEvent(kind: .runCompleted, time: time, day: day, position: position, block: block, detail: file))
            if progress.dayOpenedAt == nil {
                progress.dayOpenedAt = time
                progress.events.append(ProgressEvent(kind: .dayOpened, time: time, day: day, position: position))
            }
            if progress.items[index].completedBlocks >= progress.items[index].runCount {
                progress.items[index].state = .completed
                progress.items[index].completedAt = time
                progress.events.append(ProgressEvent(kind: .itemCompleted, time: time, day: day, position: position))
                if isFinished(progress) {
                    progress.events.append(ProgressEvent(kind: .studyFinished, time: time, day: day))
                }
            } else {
                progress.items[index].state = .inProgress
            }
        }
        return progress
    }

    /// Records the due item as skipped on purpose (e.g. the experimenter decided so), with a reason.
    package func skipping(
        _ position: ItemPosition, in progress: StudyProgress, at time: Date, reason: String
    ) throws(ScheduleError)
        -> StudyProgress
    {
        var progress = advanced(progress, to: time)
        guard case .due(let due) = status(of: progress, at: time), due.position == position,
            let index = progress.items.firstIndex(where: { $0.position == position })
        else { throw .notDue(position: position, block: 0, due: "only the due item can be skipped") }
        progress.items[index].state = .skipped
        progress.items[index].skippedAt = time
        progress.items[index].skipReason = reason
        progress.events.append(ProgressEvent(kind: .itemSkipped, time: time, day: position.day, position: position, detail: reason))
        return progress
    }
}
