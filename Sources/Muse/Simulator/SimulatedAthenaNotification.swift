/// A data notification a simulated Muse S Athena sent, for tests and the latency benchmark.
package struct SimulatedAthenaNotification: Equatable, Sendable {
    /// Its number in the connection's data notifications (0 first; a dropped one keeps its number,
    /// an injected corrupt one has none and is not logged).
    package var number: Int
    /// Which connection (1 first) it belongs to.
    package var connection: Int
    /// When it was written to the socket (CLOCK_MONOTONIC nanoseconds). Generated notification `k`
    /// ends with EEG sample `4k + 3`, so the latency benchmark measures from here to the sample block
    /// a ``DataController`` delivers.
    package var sentAt: UInt64

    /// A notification record.
    package init(number: Int, connection: Int, sentAt: UInt64) {
        self.number = number
        self.connection = connection
        self.sentAt = sentAt
    }
}
