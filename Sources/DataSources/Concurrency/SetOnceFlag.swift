import Synchronization

/// A flag that is set once and never cleared: how a task's cancellation handler or a signal handler
/// tells a blocking loop on a ``BlockingExecutor`` thread to stop (a key reader, a libcurl progress
/// callback, a recording command waiting for Ctrl-C). Setting is lock-free, so it is safe from a
/// signal handler; reading sees every write that happened before the set.
package final class SetOnceFlag: Sendable {
    private let flag = Atomic<Bool>(false)

    /// A flag not set yet.
    package init() {}

    /// Whether the flag has been set.
    package var isSet: Bool { flag.load(ordering: .acquiring) }

    /// Sets the flag; setting it again changes nothing.
    package func set() { flag.store(true, ordering: .releasing) }
}
