public import Foundation

/// A clock that always says the same time, for tests and `status --now`.
public struct FixedStudyClock: StudyClock {
    /// The time it reports.
    public var now: Date
    /// Creates a clock stopped at `now`.
    public init(_ now: Date) { self.now = now }
}
