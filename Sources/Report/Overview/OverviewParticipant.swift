/// One participant's row of the study overview: only the pseudonymous UUID, never a name.
package struct OverviewParticipant: Sendable, Equatable {
    /// The participant's UUID (their folder on the server).
    package var id: String
    /// The state of each study day, in the protocol's order.
    package var days: [OverviewDayState]
    /// The sessions with recordings, in day and session order.
    package var sessions: [OverviewSession]
    /// The reaction-time score of the last session that has one: the session median of correct
    /// latencies, as the participant report and `study-recorder scores` show it.
    package var reactionTimeMs: Double?

    /// A participant's row.
    package init(id: String, days: [OverviewDayState], sessions: [OverviewSession] = [], reactionTimeMs: Double? = nil) {
        self.id = id
        self.days = days
        self.sessions = sessions
        self.reactionTimeMs = reactionTimeMs
    }

    /// How many days are in `state`.
    package func count(_ state: OverviewDayState) -> Int { days.filter { $0 == state }.count }
}
