/// How a recording ended — and so how a study block (one recording) or a questionnaire run ended:
/// it ran its planned course (`complete`), or it ended early (`incomplete`) for a reason such as
/// "interrupted by signal" or "device disconnected".
///
/// This is the one name for the concept everywhere: ``RecordingWriter/finish(_:)``,
/// ``RecordingReader/outcome``, ``RecordingSummary/outcome``, ``CatalogItem/outcome`` and the
/// recovered recordings in Storage; the schedule's block records, run reports and trial tables in
/// Study; the CLI's listings. The reason travels with the outcome, so "incomplete" never comes
/// without the place to say why, and "complete" never carries a stale reason.
///
/// Stored formats keep the pair they always had, each mapped by its owner: the HDF5 attributes
/// `Complete` (1/0) and `EndReason`, the catalog columns `complete` and `endReason`, the JSON keys
/// `complete`/`endReason` of catalog items, `outcome` (`"complete"`/`"incomplete"`) and `reason`
/// of the schedule's block records, and `complete` of trial tables. ``init(isComplete:reason:)``
/// reads such a pair back.
public enum RecordingOutcome: Sendable, Hashable {
    /// It ran to its end (its planned duration, or the caller's protocol said it was done).
    case complete
    /// It ended early and is stored marked incomplete; `reason` says why (`nil` only for files and
    /// records stored without one). A study block that ends so is due again.
    case incomplete(reason: String?)

    /// Whether it ran to its end.
    public var isComplete: Bool {
        if case .complete = self { return true }
        return false
    }

    /// Why it ended early; `nil` when complete (or when no reason was stored).
    public var reason: String? {
        if case .incomplete(let reason) = self { return reason }
        return nil
    }

    /// The outcome a stored pair (a completeness flag and an optional end reason) describes. A
    /// reason stored next to a complete flag is dropped: a complete recording has no end reason.
    public init(isComplete: Bool, reason: String?) {
        self = isComplete ? .complete : .incomplete(reason: reason)
    }
}
