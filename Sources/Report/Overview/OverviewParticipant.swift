/// One participant's row of the study overview: only the pseudonymous UUID, never a name.
public struct OverviewParticipant: Sendable, Equatable {
    /// The participant's UUID (their folder on the server).
    public var id: String
    /// The state of each study day, in the protocol's order.
    public var days: [OverviewDayState]
    /// The sessions with recordings, in day and session order.
    public var sessions: [OverviewSession]
    /// The reaction-time score of the last session that has one: the session median of correct
    /// latencies, as the participant report and `study-recorder scores` show it.
    public var reactionTimeMs: Double?

    /// A participant's row.
    public init(id: String, days: [OverviewDayState], sessions: [OverviewSession] = [], reactionTimeMs: Double? = nil) {
        self.id = id
        self.days = days
        self.sessions = sessions
        self.reactionTimeMs = reactionTimeMs
    }

    /// How many days are in `state`.
    public func count(_ state: OverviewDayState) -> Int { days.filter { $0 == state }.count }
}
