/// Where a `collect` run is, for a progress bar or one line per item: the phase, how many of its
/// items are through, and the item just finished.
package struct CollectionProgress: Sendable, Equatable, CustomStringConvertible {
    /// The two phases of a run.
    package enum Phase: String, Sendable {
        /// Items are downloaded and checked (several at once, one per connection).
        case download
        /// Checked recordings are added to the BIDS dataset (one at a time).
        case convert
    }

    /// The phase.
    package var phase: Phase
    /// Items of this phase that are through.
    package var done: Int
    /// Items of this phase in all.
    package var total: Int
    /// The item just through (`<participant folder>/<item name>`).
    package var item: String
    /// Bytes downloaded so far in this run.
    package var bytes: Int64

    /// A progress report.
    package init(phase: Phase, done: Int, total: Int, item: String, bytes: Int64 = 0) {
        self.phase = phase
        self.done = done
        self.total = total
        self.item = item
        self.bytes = bytes
    }

    /// The fraction through this phase, 0…1.
    package var fraction: Double { total > 0 ? Double(done) / Double(total) : 1 }

    /// `download 3/10 <item>`.
    package var description: String { "\(phase.rawValue) \(done)/\(total) \(item)" }
}
