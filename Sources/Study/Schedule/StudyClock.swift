public import Foundation

/// Where the schedule gets "now" from, injected so tests and `status --now` control time.
public protocol StudyClock: Sendable {
    /// The current time.
    var now: Date { get }
}
