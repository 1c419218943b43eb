/// One session of a participant in the study overview: its study day and session index as stored,
/// and the signal quality its recordings stored while they were made (the `Grade` series of their
/// `/Quality` group), pooled over blocks and channels.
package struct OverviewSession: Sendable, Equatable {
    /// The study day (1-based) and the session's index in the protocol, as stored with its items.
    package var day: Int
    package var session: Int
    /// Channel-windows graded good, medium and bad, summed over the session's recordings.
    package var good: Int
    package var medium: Int
    package var bad: Int

    /// A session with these grade counts.
    package init(day: Int, session: Int, good: Int = 0, medium: Int = 0, bad: Int = 0) {
        self.day = day
        self.session = session
        self.good = good
        self.medium = medium
        self.bad = bad
    }

    /// The share of channel-windows graded good, or `nil` when no quality was stored.
    package var goodFraction: Double? {
        let all = good + medium + bad
        return all > 0 ? Double(good) / Double(all) : nil
    }
}
