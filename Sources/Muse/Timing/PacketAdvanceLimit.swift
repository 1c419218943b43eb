/// How far a packet counter may step forward in the time that passed since the packet that last
/// moved it: the steps the elapsed time holds, plus a slack for a previous packet that arrived late,
/// times a tolerance. A step beyond it cannot be data the headband took since then: it is a corrupt
/// packet (a bit error in the counter, a replayed or garbage packet), which must be counted and
/// dropped, never turned into a gap or into time.
///
/// Why the arrival of the latest packet and a slack: BLE delivers packets in order, late by a
/// one-sided delay (a connection event, a stall of up to a few hundred ms), so the elapsed time since
/// the latest arrival can undercount the packets taken by at most that delay; a real gap after lost
/// packets therefore steps by at most `(elapsed + slack) / period` (+1 for the packet itself). The
/// default slack of 0.5 s covers stalls seen on real headbands; the tolerance of 25 % covers a clock
/// that runs fast within reason (a headband that is really that fast is caught by the rate check of
/// the stream, not here).
package struct PacketAdvanceLimit: Sendable, Equatable {
    /// The time one packet covers (ns), e.g. 46.875 ms for 12 EEG samples at 256 Hz.
    package var packetPeriod: UInt64
    /// The delay of the previous packet that is tolerated (ns).
    package var slack: UInt64
    /// The relative excess over the elapsed time that is tolerated.
    package static let tolerance = 0.25

    /// Creates a limit for packets of `packetPeriod` ns with `slack` ns (default 0.5 s).
    package init(packetPeriod: UInt64, slack: UInt64 = 500_000_000) {
        self.packetPeriod = max(packetPeriod, 1)
        self.slack = slack
    }

    /// The largest step forward allowed `elapsed` ns after the packet that last moved the counter.
    package func maximumSteps(after elapsed: UInt64) -> Int64 {
        let packets = (Double(elapsed) + Double(slack)) / Double(packetPeriod) * (1 + Self.tolerance)
        return Int64(min(packets, 1e15).rounded(.down)) + 1
    }
}
