/// Reads another clock between two readings of the monotonic clock, so that the pair is known to the
/// bracket's half width: the other clock was read somewhere between the two monotonic readings, and
/// their midpoint is taken as its moment.
///
/// A thread preempted between the readings widens the bracket to the preemption's length — a
/// millisecond and more on a loaded machine, which a single reading silently turns into an offset
/// of that size between clocks. So the reading is repeated and the narrowest bracket kept: it stops
/// at the first bracket no wider than ``goodWidth``, and otherwise gives the narrowest of
/// ``attempts``.
package enum ClockBracket {
    /// A bracket this narrow (20 µs) is taken at once: the two clocks' reads take well under a
    /// microsecond each without preemption.
    package static let goodWidth = 20e-6
    /// How many brackets are tried at most.
    package static let attempts = 8

    /// One reading: the monotonic midpoint, the other clock's value, and the bracket's width.
    package struct Reading: Sendable, Equatable {
        package var monotonic: Double
        package var other: Double
        package var width: Double
    }

    /// Reads `other` between two readings of `monotonic`, keeping the narrowest bracket.
    package static func read(monotonic: () -> Double, other: () -> Double) -> Reading {
        var best: Reading?
        for _ in 0..<attempts {
            let before = monotonic()
            let value = other()
            let after = monotonic()
            let reading = Reading(monotonic: (before + after) / 2, other: value, width: after - before)
            if best == nil || reading.width < best!.width { best = reading }
            if reading.width <= goodWidth { break }
        }
        return best!
    }
}
