public import Foundation

/// A clock that always says the same time, for tests and `status --now`.
package struct FixedStudyClock: StudyClock {
    /// The time it reports.
    package var now: Date
    /// Creates a clock stopped at `now`.
    package init(_ now: Date) { self.now = now }
}
