/// How far a participant got with one study day, from the study's schedule and what `collect` has:
/// every session of the day collected and complete, some of it, nothing although a later day has
/// data, or nothing yet (no later day has data either).
package enum OverviewDayState: String, Sendable, Codable, CaseIterable {
    /// Every session of the day collected, none ended early.
    case done
    /// A session of the day collected and another missing, or one that ended early.
    case incomplete
    /// Nothing collected for the day, although a later day has data.
    case missing
    /// Nothing collected for the day, and no later day either: not yet done (or not yet uploaded).
    case open
}
