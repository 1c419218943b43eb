/// A value the peer pushed (Handle Value Notification, or an Indication, which the client has
/// already confirmed), stamped when it was received.
package struct ATTNotification: Equatable, Sendable {
    /// The characteristic value handle it belongs to; route by the UUID discovered for it.
    package var handle: UInt16
    /// The value bytes (20 for every Muse packet at the default MTU).
    package var value: [UInt8]
    /// The receive clock (CLOCK_MONOTONIC nanoseconds by default) read right after `recv()` returned.
    package var receivedAt: UInt64

    /// A notification.
    package init(handle: UInt16, value: [UInt8], receivedAt: UInt64) {
        self.handle = handle
        self.value = value
        self.receivedAt = receivedAt
    }
}
