public import Foundation

/// Moves a participant's progress to a study whose protocol changed since they enrolled (its days,
/// sessions or run counts: what ``ProtocolFingerprint`` covers; texts, questions, trials and
/// settings never need a migration).
///
/// Progress is kept per item position (day, index within the day) with the item's session name and
/// run count, so a change is safe when every item the participant has touched — completed,
/// started, skipped, or with any run stored — keeps its position, session and run count, and
/// nothing is added to a day that is over for them. That allows:
/// - days added at the end, items added at the end of a day that is not over;
/// - items not yet touched changed (another session, another run count) or removed, on days that
///   are not over.
///
/// Anything else is refused with one ``Refusal`` per reason, and nothing changes: the participant
/// enrols again, or the study goes back to the protocol they enrolled in.
package enum ProgressMigration {
    /// Why progress cannot move to the new protocol; one line each.
    package enum Refusal: Sendable, Hashable, CustomStringConvertible {
        /// The progress belongs to another study.
        case otherStudy(expected: String, found: String)
        /// An item the participant touched is gone or is another session at its position.
        case touchedItemChanged(ItemPosition, session: String, state: ItemState, now: String?)
        /// An item the participant touched has another run count now.
        case runCountChanged(ItemPosition, session: String, was: Int, now: Int)
        /// An item was added to a day that is over for the participant: it could never be done.
        case addedToPastDay(ItemPosition, session: String)
        /// The participant is on a day the new protocol no longer has.
        case dayRemoved(current: Int, days: Int)

        package var description: String {
            switch self {
            case .otherStudy(let expected, let found): "the progress file belongs to study '\(found)', not '\(expected)'"
            case .touchedItemChanged(let position, let session, let state, let now):
                "\(position) (\(session)) is \(state.rawValue) for this participant, "
                    + (now.map { "but the new protocol has '\($0)' there" } ?? "but the new protocol has no such item")
            case .runCountChanged(let position, let session, let was, let now):
                "\(position) (\(session)) is \(was == 1 ? "1 run" : "\(was) runs") in the participant's progress and \(now) in the new protocol, and the participant has begun it"
            case .addedToPastDay(let position, let session):
                "\(position) (\(session)) is new, on a day that is over for this participant; it could never be done"
            case .dayRemoved(let current, let days):
                "the participant is on day \(current + 1), but the new protocol has \(days == 1 ? "1 day" : "\(days) days")"
            }
        }
    }

    /// What a migration did or why it did not.
    package enum Outcome: Sendable, Hashable {
        /// The progress already fits the study: nothing to do.
        case unchanged
        /// The progress moved: the new progress, and what was added or dropped (one line each).
        case migrated(StudyProgress, changes: [String])
        /// The progress cannot move; nothing changed.
        case refused([Refusal])
    }

    /// `progress` moved to `study`'s protocol at `time`, or why it cannot be.
    package static func migrate(_ progress: StudyProgress, to study: StudyDefinition, at time: Date) -> Outcome {
        guard progress.studyID == study.id else { return .refused([.otherStudy(expected: study.id, found: progress.studyID)]) }
        let fingerprint = ProtocolFingerprint.of(study)
        if progress.protocolFingerprint == fingerprint { return .unchanged }
        let planned = study.items.map { item in
            (position: item.position, session: item.sessionName, runs: study.sessions[item.sessionName]?.runCount ?? 1)
        }
        var refusals: [Refusal] = []
        if progress.currentDay > study.days.count || (progress.currentDay == study.days.count && study.days.count < dayCount(of: progress)) {
            refusals.append(.dayRemoved(current: progress.currentDay, days: study.days.count))
        }
        for old in progress.items where isTouched(old) {
            guard let new = planned.first(where: { $0.position == old.position }), new.session == old.sessionName else {
                let now = planned.first { $0.position == old.position }?.session
                refusals.append(.touchedItemChanged(old.position, session: old.sessionName, state: old.state, now: now))
                continue
            }
            if new.runs != old.runCount {
                refusals.append(.runCountChanged(old.position, session: old.sessionName, was: old.runCount, now: new.runs))
            }
        }
        for new in planned where new.position.day < progress.currentDay {
            let old = progress.item(at: new.position)
            if old == nil || (old.map(isTouched) == false && (old?.sessionName != new.session || old?.runCount != new.runs)) {
                refusals.append(.addedToPastDay(new.position, session: new.session))
            }
        }
        guard refusals.isEmpty else { return .refused(refusals) }

        var migrated = progress
        var changes: [String] = []
        migrated.items = planned.map { new in
            if let old = progress.item(at: new.position), old.sessionName == new.session, old.runCount == new.runs { return old }
            let replaced = progress.item(at: new.position)
            changes.append(
                replaced.map { "\(new.position): '\($0.sessionName)' (\($0.runCount) runs) becomes '\(new.session)' (\(new.runs) runs), not begun" }
                    ?? "\(new.position): '\(new.session)' added")
            return ItemProgress(position: new.position, sessionName: new.session, runCount: new.runs)
        }
        for old in progress.items where !planned.contains(where: { $0.position == old.position }) {
            changes.append("\(old.position): '\(old.sessionName)' removed, not begun")
        }
        migrated.protocolFingerprint = fingerprint
        if migrated.currentDay < study.days.count, let finished = migrated.events.lastIndex(where: { $0.kind == .studyFinished }) {
            // Days were added after the end: the study goes on, so it is not finished any more.
            migrated.events.remove(at: finished)
        }
        migrated.events.append(
            ProgressEvent(
                kind: .migrated, time: time, day: min(migrated.currentDay, max(0, study.days.count - 1)),
                detail: "protocol \(progress.protocolFingerprint) → \(fingerprint)"))
        return .migrated(migrated, changes: changes)
    }

    /// Whether the participant has done anything with `item`: it is no longer pending, or a run is stored.
    static func isTouched(_ item: ItemProgress) -> Bool { item.state != .pending || !item.runs.isEmpty }

    /// How many days `progress` was made for (one more than its last item's day).
    static func dayCount(of progress: StudyProgress) -> Int { (progress.items.map(\.position.day).max() ?? -1) + 1 }
}
