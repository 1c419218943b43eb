import Synchronization

/// The device's bytes a running source handed over that no observer has yet: a ``DataController``
/// puts a source's ``SourceEvent/notifications(_:)`` here without switching to its own executor,
/// and hands them to observers with the next event it broadcasts (before the samples decoded from
/// them, in the same hand-over).
///
/// Keeping a device's bytes thus costs no executor switch per packet: a source sends one event per
/// notification more than it would without them, and an actor hop for each (there and back, with
/// the threads woken for it) was most of what keeping the bytes cost (docs/performance.md,
/// "Keeping the headband's bytes").
final class NotificationInbox: Sendable {
    private let pending = Mutex<DeviceNotifications?>(nil)

    /// Adds `batch` after what is waiting (an empty batch adds nothing).
    func put(_ batch: DeviceNotifications) {
        guard !batch.isEmpty else { return }
        pending.withLock { waiting in
            if waiting == nil { waiting = batch } else { waiting?.append(contentsOf: batch) }
        }
    }

    /// Takes everything waiting, oldest first; `nil` when nothing is.
    func take() -> DeviceNotifications? {
        pending.withLock { waiting in
            defer { waiting = nil }
            return waiting
        }
    }
}
