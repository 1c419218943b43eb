import Foundation

#if canImport(Glibc)
import Glibc
#endif

extension SignalTrap {
    /// A trap for a command running on this (the main) thread that must never be ended by SIGINT or
    /// SIGTERM without its handler (an export removing its plaintext): the two signals are blocked
    /// on this thread first, so one that arrives before libdispatch has registered the trap's
    /// sources (which happens asynchronously, late on a loaded machine) stays pending for the trap
    /// instead of being discarded by the ignore disposition the trap sets. They stay blocked on this
    /// thread; the process ends through the handler.
    static func blockingOnThisThread(_ handler: @escaping @Sendable (Int32) -> Void) -> SignalTrap {
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &signals, nil)
        return SignalTrap(handler)
    }
}
