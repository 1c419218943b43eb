/// The recording clock: UTC seconds derived from the host's monotonic clock through one anchor.
///
/// Every sample, marker and derived value of a recording carries a time on this clock. It reads as
/// seconds since the Unix epoch (so stored times are UTC), but it is the monotonic clock shifted by a
/// constant: it never steps when NTP adjusts the wall clock, and a moment taken with
/// ``DataController/now()`` compares exactly with sample times. The anchor (the monotonic and UTC
/// reading taken together when the controller started) is stored with each recording, so stored
/// times convert back to the monotonic clock (LSL's `local_clock`) exactly.
public struct ClockAnchor: Sendable, Equatable, Codable {
    /// Monotonic seconds at the anchor.
    public var monotonic: Double
    /// UTC seconds since the Unix epoch at the same moment.
    public var utc: Double

    /// Creates an anchor.
    public init(monotonic: Double, utc: Double) {
        self.monotonic = monotonic
        self.utc = utc
    }

    /// The recording-clock time (UTC seconds) of a monotonic reading.
    @inlinable public func utc(fromMonotonic seconds: Double) -> Double { utc + (seconds - monotonic) }
    /// The monotonic reading of a recording-clock time.
    @inlinable public func monotonic(fromUTC seconds: Double) -> Double { monotonic + (seconds - utc) }
}
