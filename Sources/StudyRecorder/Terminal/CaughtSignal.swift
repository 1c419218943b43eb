import Synchronization

/// The first SIGINT or SIGTERM a ``SignalTrap`` caught. A command it stopped exits 128 + its
/// number, whichever command it is: 130 after Ctrl-C, 143 after SIGTERM (systemd stopping a unit,
/// `kill`), so a service manager and a script can tell a stop they asked for from a participant's
/// Ctrl-C.
final class CaughtSignal: Sendable {
    private let first = Mutex<Int32?>(nil)

    /// Notes `signal` unless one was caught before.
    func set(_ signal: Int32) {
        first.withLock { caught in
            if caught == nil { caught = signal }
        }
    }

    /// The signal caught first, if any.
    var signal: Int32? { first.withLock { $0 } }

    /// Whether a signal was caught.
    var isSet: Bool { signal != nil }
}
