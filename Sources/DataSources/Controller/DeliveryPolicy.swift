/// How a ``DataController`` treats an observer that falls behind.
package enum DeliveryPolicy: Sendable, Equatable {
    /// Never drop anything: when `capacity` events are waiting, the source waits for this observer.
    /// For recorders and anything whose output is stored. A lossless observer must keep reading (or
    /// end its loop, which unsubscribes it).
    case lossless(capacity: Int = 256)
    /// Keep at most `capacity` events and drop the oldest when full. For displays: a slow terminal
    /// can never hold up a recording.
    case latest(capacity: Int = 16)

    var capacity: Int {
        switch self {
        case .lossless(let c), .latest(let c): max(1, c)
        }
    }
}
