import Synchronization

/// A flag set when the task waiting for a transfer is cancelled, read by the transfer's thread in
/// libcurl's progress callback to abort it.
final class CurlCancellation: Sendable {
    private let flag = Atomic<Bool>(false)

    /// Whether the transfer should stop.
    var isCancelled: Bool { flag.load(ordering: .acquiring) }

    /// Asks the transfer to stop.
    func cancel() { flag.store(true, ordering: .releasing) }
}
