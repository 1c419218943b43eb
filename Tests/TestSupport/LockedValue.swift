import Synchronization

/// A value behind a lock that escaping closures can share (a `Mutex` is not copyable, so a closure
/// cannot capture a local one): what a test and the calls it starts both change.
public final class LockedValue<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>

    /// A lock around `value`.
    public init(_ value: Value) { mutex = Mutex(value) }

    /// Runs `body` with the value, holding the lock.
    public func withLock<R: Sendable>(_ body: (inout Value) -> R) -> R { mutex.withLock { body(&$0) } }
}
