/// The two numbers a remote EEG study is judged by before any result, over its participants (demo
/// participants, whose items are all scripted or simulated, left out): how many due sessions were
/// completed (at-home dry-EEG studies report 93–96 %), and the median participant's share of good
/// signal (MYND reported 90.2 %); with how many participants are flagged.
public struct MonitoringSummary: Sendable, Equatable, Codable {
    /// The day (UTC) the figures are for.
    public var asOf: String
    /// Participants counted (demo participants not).
    public var participants: Int
    /// Participants with at least one flag.
    public var flagged: Int
    /// Sessions due and completed over all participants.
    public var sessionsDue: Int
    public var sessionsCompleted: Int
    /// ``sessionsCompleted`` of ``sessionsDue`` (0…1), when any session was due.
    public var completion: Double?
    /// The median over participants of their share of good signal (0…1), when any stored quality.
    public var medianGoodSignal: Double?
    /// Items counted apart: scripted participants', and simulated or replayed sources'.
    public var scriptedItems: Int
    public var simulatedItems: Int

    /// A summary.
    public init(
        asOf: String, participants: Int, flagged: Int, sessionsDue: Int, sessionsCompleted: Int, medianGoodSignal: Double?, scriptedItems: Int,
        simulatedItems: Int
    ) {
        self.asOf = asOf
        self.participants = participants
        self.flagged = flagged
        self.sessionsDue = sessionsDue
        self.sessionsCompleted = sessionsCompleted
        self.completion = sessionsDue > 0 ? Double(sessionsCompleted) / Double(sessionsDue) : nil
        self.medianGoodSignal = medianGoodSignal
        self.scriptedItems = scriptedItems
        self.simulatedItems = simulatedItems
    }

    /// The summary of `participants` on `asOf`.
    public static func of(_ participants: [ParticipantAdherence], asOf: String) -> MonitoringSummary {
        let counted = participants.filter { !$0.isDemo }
        let shares = counted.compactMap(\.goodSignal).sorted()
        let median: Double? =
            shares.isEmpty ? nil : shares.count % 2 == 1 ? shares[shares.count / 2] : (shares[shares.count / 2 - 1] + shares[shares.count / 2]) / 2
        return MonitoringSummary(
            asOf: asOf, participants: counted.count, flagged: counted.filter { !$0.flags.isEmpty }.count,
            sessionsDue: counted.map(\.sessionsDue).reduce(0, +), sessionsCompleted: counted.map { min($0.sessionsCompleted, $0.sessionsDue) }.reduce(0, +),
            medianGoodSignal: median, scriptedItems: participants.map(\.scriptedItems).reduce(0, +),
            simulatedItems: participants.map(\.simulatedItems).reduce(0, +))
    }
}
