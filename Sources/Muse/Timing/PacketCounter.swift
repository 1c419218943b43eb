/// Unwraps the Muse 16-bit packet counter into a 64-bit count that never wraps.
///
/// The counter wraps every 65536 packets (51.2 min of EEG), so consecutive raw values 65535 → 0 must
/// map to consecutive unwrapped values, and a packet delivered late must map to the earlier value it
/// belongs to rather than to a jump of almost 65536 forward.
///
/// Each raw value is placed relative to the highest unwrapped value seen so far (``latest``), using
/// the modular difference `d = (raw − latest) mod 65536`:
/// - **Late window:** if the raw value is 1…``lateWindow`` (0x4000 = 16384 packets, 12.8 min of EEG)
///   *behind* `latest`, it is a late or reordered packet: it maps to `latest − back` and ``latest`` is
///   unchanged.
/// - **Forward:** any other value is a step forward by `d` (0…49151), which includes crossing a wrap
///   (65535 → 0 is one step) and gaps of up to 38.4 min. A "large backward jump" of the raw value
///   (e.g. 65000 → 100) is thus a wrap.
///
/// BLE delivers packets at most a few connection events late, so the late window is far wider than
/// needed; the forward range is wider still, so a real gap is never mistaken for a late packet. A
/// reconnect should start a new counter (and a new recording segment), since whether the headband
/// restarts its counter is not known.
///
/// The first value seen maps to itself (0…65535), so unwrapped values may be compared directly.
package struct PacketCounter: Sendable, Equatable {
    /// How far behind ``latest`` a raw value may be to count as late (16384 packets).
    package static let lateWindow: Int64 = 0x4000

    /// The highest unwrapped value so far, `nil` before the first packet.
    package private(set) var latest: Int64?
    /// When the packet that set ``latest`` arrived (ns), for ``unwrap(_:at:limit:)``.
    package private(set) var latestArrival: UInt64 = 0
    /// Packets refused by ``unwrap(_:at:limit:)`` as stepping further forward than time allows.
    package private(set) var implausiblePackets = 0

    /// Creates a counter that has seen nothing.
    package init() {}

    /// Returns the unwrapped value of `raw`, received at `receivedAt` (ns), or `nil` when it would step
    /// ``latest`` further forward than `limit` allows for the time since the latest packet arrived: a
    /// corrupt packet, counted in ``implausiblePackets``, which leaves the counter as it was. Late and
    /// duplicate packets are unwrapped as by ``unwrap(_:)``.
    package mutating func unwrap(_ raw: UInt16, at receivedAt: UInt64, limit: PacketAdvanceLimit) -> Int64? {
        if let latest {
            let forward = Int64(raw &- UInt16(truncatingIfNeeded: latest))
            let backward = 0x10000 - forward
            let isLate = forward != 0 && backward <= Self.lateWindow
            if !isLate, forward > 1 {
                let elapsed = receivedAt > latestArrival ? receivedAt - latestArrival : 0
                if forward > limit.maximumSteps(after: elapsed) {
                    implausiblePackets += 1
                    return nil
                }
            }
        }
        let before = latest
        let value = unwrap(raw)
        if latest != before { latestArrival = receivedAt }
        return value
    }

    /// Returns the unwrapped value of `raw` and advances ``latest`` when it moves forward.
    package mutating func unwrap(_ raw: UInt16) -> Int64 {
        guard let latest else {
            self.latest = Int64(raw)
            return Int64(raw)
        }
        let forward = Int64(raw &- UInt16(truncatingIfNeeded: latest))
        let backward = 0x10000 - forward
        if forward != 0 && backward <= Self.lateWindow {
            return latest - backward
        }
        let value = latest + forward
        self.latest = value
        return value
    }
}
