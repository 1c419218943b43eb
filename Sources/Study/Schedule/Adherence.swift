/// How a participant has kept to the schedule so far, by study day: what `status` shows as the
/// streak and the participant report as its completion line. A day counts as completed when every
/// one of its sessions was completed (a skipped session, by the window closing or on purpose, does
/// not); the day under way counts once all its sessions are done.
package struct Adherence: Sendable, Hashable {
    /// The study days completed in a row, up to the latest day that is over or done: a missed day
    /// ends it, the day still under way neither ends nor extends it.
    package var streak: Int
    /// The study days with every session completed.
    package var daysCompleted: Int
    /// The study days so far: those that are over (their window closed, or skipped), and the day under
    /// way once all its sessions are done.
    package var daysSoFar: Int
    /// The study's days.
    package var days: Int

    /// Creates the figures.
    package init(streak: Int, daysCompleted: Int, daysSoFar: Int, days: Int) {
        self.streak = streak
        self.daysCompleted = daysCompleted
        self.daysSoFar = daysSoFar
        self.days = days
    }
}
