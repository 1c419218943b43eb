/// A data notification a simulated Muse S Athena sent, for tests and the latency benchmark.
public struct SimulatedAthenaNotification: Equatable, Sendable {
    /// Its number in the connection's data notifications (0 first; a dropped one keeps its number,
    /// an injected corrupt one has none and is not logged).
    public var number: Int
    /// Which connection (1 first) it belongs to.
    public var connection: Int
    /// When it was written to the socket (CLOCK_MONOTONIC nanoseconds). Generated notification `k`
    /// ends with EEG sample `4k + 3`, so the latency benchmark measures from here to the sample block
    /// a ``DataController`` delivers.
    public var sentAt: UInt64

    /// A notification record.
    public init(number: Int, connection: Int, sentAt: UInt64) {
        self.number = number
        self.connection = connection
        self.sentAt = sentAt
    }
}
