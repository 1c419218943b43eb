import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Turns Ctrl-C (SIGINT) and SIGTERM into a callback, so long-running commands can store what they
/// have and exit cleanly instead of dying mid-write.
final class SignalTrap {
    private let sources: [any DispatchSourceSignal]

    /// Calls `handler` with the signal number on SIGINT or SIGTERM, until the trap is released.
    init(_ handler: @escaping @Sendable (Int32) -> Void) {
        var sources: [any DispatchSourceSignal] = []
        for sig in [SIGINT, SIGTERM] {
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
            source.setEventHandler { handler(sig) }
            source.resume()
            sources.append(source)
        }
        self.sources = sources
    }

    /// Starts `operation` as a task that SIGINT and SIGTERM cancel (after `onSignal` has run), with
    /// the trap in place *before* the task starts: a signal that arrives as soon as the task is doing
    /// something visible (an upload that has claimed its items, a recording that has begun) is
    /// caught, never the default action that ends the process on the spot. Keep the trap alive as
    /// long as the task runs.
    static func cancelling<T: Sendable>(
        onSignal: @escaping @Sendable (Int32) -> Void = { _ in }, _ operation: @escaping @Sendable () async throws -> T
    ) -> (task: Task<T, any Error>, trap: SignalTrap) {
        let state = Mutex<(task: Task<T, any Error>?, signalled: Bool)>((nil, false))
        let trap = SignalTrap { number in
            onSignal(number)
            state.withLock { s in
                s.signalled = true
                s.task?.cancel()
            }
        }
        let task = Task { try await operation() }
        state.withLock { s in
            s.task = task
            if s.signalled { task.cancel() }
        }
        return (task, trap)
    }

    deinit {
        sources.forEach { $0.cancel() }
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
    }
}
