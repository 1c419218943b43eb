/// An item an export of `--all` or `--participant` left out, and why (e.g. it is being recorded).
package struct ExportSkip: Sendable, Equatable, Codable {
    /// The item's catalog path.
    package var item: String
    /// Why it was left out, one line.
    package var reason: String

    /// An item left out for `reason`.
    package init(item: String, reason: String) {
        self.item = item
        self.reason = reason
    }
}
