import Synchronization

/// How the recording clock maps onto Lab Streaming Layer's clock (`lsl_local_clock()`), measured
/// rather than assumed: pairs of readings of the host's monotonic clock and LSL's clock taken
/// together, when the mapping is created and again whenever ``takePointIfDue(interval:)`` finds the
/// last pair old enough, so a drift between the two clocks is captured while recording.
///
/// One rule turns a recording-clock time `t` into LSL time, for the LSL outlets and for the
/// recording's stored LSL timestamps alike (``lslTime(recordingTime:points:)``): `t + (L − R)` of the
/// last pair whose recording-clock reading `R` is at or before `t` (the first pair for earlier
/// times). The pairs are stored with the recording, so every stored LSL time can be recomputed from
/// its UTC time without guessing.
///
/// liblsl is loaded by the Streaming module; this type only calls the `lslClock` function it is
/// given, so the sources and the storage need no LSL.
public final class LSLClockMapping: Sendable, Equatable {
    /// One pair of readings taken together.
    public struct Point: Sendable, Equatable {
        /// The host's monotonic clock (the recording clock's source, see ``ClockAnchor``), seconds.
        public var monotonic: Double
        /// `lsl_local_clock()` at the same moment, seconds.
        public var lsl: Double

        /// Creates a pair.
        public init(monotonic: Double, lsl: Double) {
            self.monotonic = monotonic
            self.lsl = lsl
        }
    }

    private let lslClock: @Sendable () -> Double
    private let hostClock: any HostClock
    private let state: Mutex<[Point]>

    /// Creates a mapping and takes its first pair now.
    public init(hostClock: any HostClock = SystemHostClock(), lslClock: @escaping @Sendable () -> Double) {
        self.lslClock = lslClock
        self.hostClock = hostClock
        state = Mutex([])
        takePoint()
    }

    /// The pairs taken so far, oldest first.
    public var points: [Point] { state.withLock { $0 } }

    /// Takes a pair now: the monotonic clock read on both sides of LSL's clock (their midpoint), the
    /// narrowest of a few brackets (``ClockBracket``), so the pair is accurate to a fraction of a
    /// microsecond even when the thread is preempted between the readings.
    @discardableResult
    public func takePoint() -> Point {
        state.withLock { points in
            let reading = ClockBracket.read(monotonic: { hostClock.monotonicNow() }, other: lslClock)
            let point = Point(monotonic: reading.monotonic, lsl: reading.other)
            points.append(point)
            return point
        }
    }

    /// LSL's clock minus the host's monotonic clock, read now as a pair is (``takePoint()``): ~0 on
    /// Linux, where both are `CLOCK_MONOTONIC`, but measured rather than assumed.
    package static func offset(hostClock: any HostClock = SystemHostClock(), lslClock: () -> Double) -> Double {
        let reading = ClockBracket.read(monotonic: { hostClock.monotonicNow() }, other: lslClock)
        return reading.other - reading.monotonic
    }

    /// Takes a pair when the last one is `interval` seconds old or older; returns whether it did.
    @discardableResult
    public func takePointIfDue(interval: Double) -> Bool {
        let last = state.withLock { $0.last?.monotonic } ?? -.infinity
        guard hostClock.monotonicNow() - last >= interval else { return false }
        takePoint()
        return true
    }

    /// The LSL time of the recording-clock time `t` of a recording anchored at `anchor`: the rule of
    /// ``lslTime(recordingTime:points:)`` on ``recordingPoints(anchor:)``, computed the same way (so
    /// bit for bit the same) without copying the pairs, as the LSL outlets call it per sample.
    public func lslTime(recordingTime t: Double, anchor: ClockAnchor) -> Double {
        state.withLock { points in
            guard var chosen = points.first else { return t }
            for point in points.reversed() where anchor.utc(fromMonotonic: point.monotonic) <= t {
                chosen = point
                break
            }
            return t + (chosen.lsl - anchor.utc(fromMonotonic: chosen.monotonic))
        }
    }

    /// The pairs as (recording clock, LSL clock) seconds for a recording anchored at `anchor`.
    public func recordingPoints(anchor: ClockAnchor) -> [(recording: Double, lsl: Double)] {
        points.map { (anchor.utc(fromMonotonic: $0.monotonic), $0.lsl) }
    }

    /// The rule: `t + (lsl − recording)` of the last pair with `recording ≤ t`, the first pair's
    /// offset for earlier times; `t` itself when there is no pair. `points` are in time order.
    public static func lslTime(recordingTime t: Double, points: [(recording: Double, lsl: Double)]) -> Double {
        guard var chosen = points.first else { return t }
        // Pairs are few (one per 10 s) and the newest applies to nearly every sample: search back.
        for point in points.reversed() where point.recording <= t {
            chosen = point
            break
        }
        return t + (chosen.lsl - chosen.recording)
    }

    /// Mappings are the same when they are the same object (one mapping per run).
    public static func == (lhs: LSLClockMapping, rhs: LSLClockMapping) -> Bool { lhs === rhs }
}
