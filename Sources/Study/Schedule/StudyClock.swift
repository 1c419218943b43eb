import Foundation

/// Where the schedule gets "now" from, injected so tests and `status --now` control time.
public protocol StudyClock: Sendable {
    /// The current time.
    var now: Date { get }
}

/// The system clock.
public struct SystemStudyClock: StudyClock {
    /// Creates the system clock.
    public init() {}
    /// `Date()`.
    public var now: Date { Date() }
}

/// A clock that always says the same time, for tests and `status --now`.
public struct FixedStudyClock: StudyClock {
    /// The time it reports.
    public var now: Date
    /// Creates a clock stopped at `now`.
    public init(_ now: Date) { self.now = now }
}
