public import Foundation

/// The system clock.
public struct SystemStudyClock: StudyClock {
    /// Creates the system clock.
    public init() {}
    /// `Date()`.
    public var now: Date { Date() }
}
