import Dispatch
import Foundation

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

    deinit {
        sources.forEach { $0.cancel() }
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
    }
}
