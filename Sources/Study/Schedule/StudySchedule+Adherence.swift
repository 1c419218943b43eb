public import Foundation

extension StudySchedule {
    /// The participant's ``Adherence`` at `now` (after applying ``advanced(_:to:)``).
    package func adherence(of progress: StudyProgress, at now: Date) -> Adherence {
        let progress = advanced(progress, to: now)
        let dayCount = study.days.count
        func completed(_ day: Int) -> Bool {
            let items = progress.itemIndices(ofDay: day)
            return !items.isEmpty && items.allSatisfy { progress.items[$0].state == .completed }
        }
        var soFar = min(progress.currentDay, dayCount)
        if soFar < dayCount, completed(soFar) { soFar += 1 }
        var streak = 0
        while streak < soFar, completed(soFar - 1 - streak) { streak += 1 }
        let done = (0..<soFar).filter(completed).count
        return Adherence(streak: streak, daysCompleted: done, daysSoFar: soFar, days: dayCount)
    }

    /// The session after the one due at `now`, or the first of the next day while waiting for it;
    /// `nil` when none follows.
    package func next(of progress: StudyProgress, at now: Date) -> NextItem? {
        let items = study.items
        switch status(of: progress, at: now) {
        case .due(let due):
            guard let index = items.firstIndex(where: { $0.position == due.position }), index + 1 < items.count else { return nil }
            let next = items[index + 1]
            let opens = next.position.day == due.position.day ? nil : due.windowClosesAt
            return NextItem(position: next.position, sessionName: next.sessionName, opensAt: opens)
        case .waiting(let opens, let day):
            // `day` is the finished day's number (from 1), which is the next day's index.
            guard let next = items.first(where: { $0.position.day == day }) else { return nil }
            return NextItem(position: next.position, sessionName: next.sessionName, opensAt: opens)
        case .finished:
            return nil
        }
    }
}
