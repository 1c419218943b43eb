import DataSources
import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// SIGINT and SIGTERM for work that must leave no plaintext and nothing half-written behind
/// (decision 0007). The libraries that make such files register how to remove them
/// (``onSignal(_:_:)``: ``PlaintextScratch`` its decrypted copies, the exporter its staging folders,
/// the consent printer its partial copy), and the first registration installs the handler — so
/// every caller of the libraries gets the rule, not only `study-recorder`.
///
/// A real `sigaction` handler runs on whichever thread receives the signal and only writes its
/// number to a pipe (async-signal-safe; libdispatch's signal sources drop a signal that arrives
/// before they are registered or reaches a thread not blocking it). A thread of the
/// ``BlockingExecutor`` reads it, records it, runs every registered cleanup and then ends the process
/// by the signal's default action — unless the process ends itself (``callerEndsProcess()``, what
/// `study-recorder` does): then the interrupted work throws ``Interrupted`` at its next step
/// (``check()``; no decryption starts, nothing is published) and the caller asks ``received()``.
package enum TerminationSignals {
    /// The work stopped because the process received `signal`.
    package struct Interrupted: Error, CustomStringConvertible, Equatable {
        /// SIGINT or SIGTERM.
        package let signal: Int32

        package var description: String { "interrupted by \(signal == SIGINT ? "SIGINT" : "SIGTERM")" }
    }

    private struct State {
        var installed = false
        var endsProcess = true
        var cleanups: [String: @Sendable () -> Void] = [:]
    }

    private static let state = Mutex(State())
    /// The pipe's write end, for the signal handler (set once, before the handler is installed).
    nonisolated(unsafe) private static var writeEnd: Int32 = -1
    /// The signal received (0: none), set before the cleanups run.
    private static let signalled = Atomic<Int32>(0)
    /// Signalled once the cleanups have run.
    private static let cleaned = DispatchSemaphore(value: 0)

    /// Runs `cleanup` when SIGINT or SIGTERM arrives (once; a later registration under the same `key`
    /// replaces it), installing the handler when it is not yet installed. Cleanups run on a thread of
    /// their own, while the interrupted work may still run: they must be safe against it.
    package static func onSignal(_ key: String, _ cleanup: @escaping @Sendable () -> Void) {
        let install = state.withLock { state in
            state.cleanups[key] = cleanup
            defer { state.installed = true }
            return !state.installed
        }
        if install { installHandler() }
    }

    /// Forgets the cleanup registered under `key` (what it protected is gone).
    package static func release(_ key: String) {
        _ = state.withLock { $0.cleanups.removeValue(forKey: key) }
    }

    /// Says that this process ends itself after a signal: the cleanups run, the interrupted work
    /// throws ``Interrupted``, and the process is not ended by the signal. Installs the handler.
    package static func callerEndsProcess() {
        let install = state.withLock { state in
            state.endsProcess = false
            defer { state.installed = true }
            return !state.installed
        }
        if install { installHandler() }
    }

    /// Throws ``Interrupted`` once a signal has arrived: what a step of protected work calls before
    /// it decrypts, writes or publishes.
    package static func check() throws(Interrupted) {
        let number = signalled.load(ordering: .sequentiallyConsistent)
        if number != 0 { throw Interrupted(signal: number) }
    }

    /// The signal received, once its cleanups have run (waiting for them), or `nil` when none was.
    package static func received() -> Int32? {
        let number = signalled.load(ordering: .sequentiallyConsistent)
        guard number != 0 else { return nil }
        cleaned.wait()
        cleaned.signal()
        return number
    }

    /// ``received()`` for async code: the wait runs on the ``BlockingExecutor``.
    package static func receivedAfterCleanup() async -> Int32? {
        guard signalled.load(ordering: .sequentiallyConsistent) != 0 else { return nil }
        return await withTaskExecutorPreference(BlockingExecutor.shared) { received() }
    }

    private static func installHandler() {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        writeEnd = fds[1]
        let reader = fds[0]
        BlockingExecutor.shared.execute("signal waiter") {
            var byte: UInt8 = 0
            while read(reader, &byte, 1) != 1 {
                if errno != EINTR { return }
            }
            let number = Int32(byte)
            signalled.store(number, ordering: .sequentiallyConsistent)
            let (cleanups, endsProcess) = state.withLock { state in
                defer { state.cleanups.removeAll() }
                return (Array(state.cleanups.values), state.endsProcess)
            }
            for cleanup in cleanups { cleanup() }
            cleaned.signal()
            if endsProcess {
                // As if no handler had been installed: the process ends by the signal.
                signal(number, SIG_DFL)
                kill(getpid(), number)
            }
        }
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { number in
            var byte = UInt8(truncatingIfNeeded: number)
            _ = write(TerminationSignals.writeEnd, &byte, 1)
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        sigaction(SIGINT, &action, nil)
        sigaction(SIGTERM, &action, nil)
    }
}
