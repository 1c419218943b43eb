/// Packets a source received and threw away because they cannot be data the device took (a counter
/// that jumped further ahead than the elapsed time allows: a bit error, a replayed or garbage
/// packet). They are neither samples nor a gap: the recording notes them as an event, and `check`
/// and `record` report them, so a faulty link or headband is visible without distorting time.
public struct DiscardedPackets: Sendable, Equatable {
    /// Packets discarded since the previous report.
    public var count: Int
    /// Packets discarded in the whole run so far.
    public var total: Int
    /// When the latest of them arrived, on the recording clock (seconds since the Unix epoch).
    public var time: Double
    /// Why they were discarded, one line.
    public var reason: String

    /// Creates a report.
    public init(count: Int, total: Int, time: Double, reason: String) {
        self.count = count
        self.total = total
        self.time = time
        self.reason = reason
    }
}
