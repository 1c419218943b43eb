/// How many study days a participant completed of the days so far, for the participant view's
/// completion line. Computed by the caller from the study's schedule (Study's `Adherence`: a day
/// counts when every one of its sessions was completed), since the report reads only the data
/// folder's recordings.
package struct StudyCompletion: Sendable, Hashable {
    /// The study days with every session completed.
    package var daysCompleted: Int
    /// The study days so far (over, or under way and done).
    package var daysSoFar: Int
    /// The study's days.
    package var days: Int

    /// Creates the figures.
    package init(daysCompleted: Int, daysSoFar: Int, days: Int) {
        self.daysCompleted = daysCompleted
        self.daysSoFar = daysSoFar
        self.days = days
    }
}
