public import Foundation

#if canImport(Glibc)
import Glibc
#endif

extension Process {
    /// Starts the process with the termination signals unblocked.
    ///
    /// Tests run on libdispatch worker threads, which block almost every signal, and a child started
    /// with `posix_spawn` inherits the calling thread's mask: a test server then never sees SIGTERM,
    /// and ``ServerProcess/stop()`` waited its full 2 s before SIGKILL on every stop. The mask is
    /// opened on this thread just around the spawn.
    public func runWithTerminationSignals() throws {
        var signals = sigset_t()
        sigemptyset(&signals)
        for s in [SIGTERM, SIGINT, SIGHUP, SIGQUIT, SIGPIPE, SIGALRM, SIGUSR1, SIGUSR2] { sigaddset(&signals, s) }
        var previous = sigset_t()
        pthread_sigmask(SIG_UNBLOCK, &signals, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        try run()
    }
}
