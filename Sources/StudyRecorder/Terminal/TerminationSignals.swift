import DataSources
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// SIGINT and SIGTERM for a command that works synchronously on the main thread and must clean up
/// before it ends (an export removing its staging folder and decrypted copies), delivered however
/// the process is loaded.
///
/// ``SignalTrap`` sets the signals to be ignored and lets libdispatch pick them up: a signal that
/// arrives before libdispatch has registered its source, or that the kernel hands to a thread not
/// blocking it, is dropped, and under load the export then ran to its end after a SIGTERM. Here a
/// real `sigaction` handler runs on whichever thread receives the signal and only writes its number
/// to a pipe (async-signal-safe); a loop on a thread of the `BlockingExecutor` reads it, runs `handler` and ends the process.
/// The main thread, when it fails meanwhile (its files being removed), waits for that end
/// (``parkIfSignalled()``) instead of exiting with its own code.
enum TerminationSignals {
    /// The pipe's write end, for the signal handler (set once, before the handler is installed).
    nonisolated(unsafe) private static var writeEnd: Int32 = -1
    private static let signalled = Atomic<Int32>(0)

    /// Installs the handler: on SIGINT or SIGTERM, `handler` runs on a thread of the `BlockingExecutor` with the
    /// signal number and must end the process (`exit(128 + number)`).
    static func install(_ handler: @escaping @Sendable (Int32) -> Void) {
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
            signalled.store(Int32(byte), ordering: .sequentiallyConsistent)
            handler(Int32(byte))
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

    /// Waits for the end of the process when a signal has been received (its handler is cleaning up
    /// and will exit with 128 + the signal); returns at once otherwise.
    static func parkIfSignalled() {
        guard signalled.load(ordering: .sequentiallyConsistent) != 0 else { return }
        while true { pause() }
    }
}
