/// Where a protocol item stands.
package enum ItemState: String, Sendable, Hashable, Codable, CaseIterable {
    /// Not started, or only incomplete blocks so far and none completed.
    case pending
    /// Some blocks completed, more to go.
    case inProgress
    /// Every block (or the questionnaire) completed.
    case completed
    /// Its day's window closed before it was completed, or it was skipped on purpose. Never counted
    /// as completed.
    case skipped
}
