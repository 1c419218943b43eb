/// An item an export of `--all` or `--participant` left out, and why (e.g. it is being recorded).
public struct ExportSkip: Sendable, Equatable, Codable {
    /// The item's catalog path.
    public var item: String
    /// Why it was left out, one line.
    public var reason: String

    /// An item left out for `reason`.
    public init(item: String, reason: String) {
        self.item = item
        self.reason = reason
    }
}
