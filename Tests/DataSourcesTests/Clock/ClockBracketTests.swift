import Testing

@testable import DataSources

/// A reading of one clock between two of the monotonic clock keeps the narrowest bracket: a thread
/// preempted between the readings (a wide bracket) would otherwise put its delay into every time
/// mapped through the pair.
struct ClockBracketTests {
    /// A monotonic clock that reads the given values in turn.
    final class Script: @unchecked Sendable {  // read from one thread only
        var values: [Double]
        var reads = 0
        init(_ values: [Double]) { self.values = values }
        func next() -> Double {
            defer { reads += 1 }
            return values[reads]
        }
    }

    @Test func aPreemptedBracketIsReadAgainAndTheNarrowestKept() {
        // First bracket: preempted for 1.2 ms; second: 0.3 ms; third: 2 µs, taken at once.
        let monotonic = Script([10.0, 10.0012, 20.0, 20.0003, 30.0, 30.000002, 40, 40])
        var others = [1.0, 2.0, 3.0, 4.0].makeIterator()
        let reading = ClockBracket.read(monotonic: monotonic.next, other: { others.next()! })
        #expect(reading.other == 3.0)
        #expect(abs(reading.monotonic - 30.000001) < 1e-9 && abs(reading.width - 0.000002) < 1e-12)
        #expect(monotonic.reads == 6)
    }

    @Test func whenNoBracketIsGoodTheNarrowestOfAllAttemptsIsKept() {
        let widths: [Double] = [0.004, 0.002, 0.0009, 0.003, 0.0011, 0.005, 0.0015, 0.0021]
        let monotonic = Script(widths.enumerated().flatMap { [Double($0.offset), Double($0.offset) + $0.element] })
        var n = 0.0
        let reading = ClockBracket.read(monotonic: monotonic.next, other: { n += 1; return n })
        #expect(reading.other == 3 && abs(reading.width - 0.0009) < 1e-12)
        #expect(monotonic.reads == 2 * ClockBracket.attempts)
    }

    /// The recording's anchor and LSL's pairs use it: an anchor taken while the first bracket is
    /// preempted is the second bracket's.
    @Test func anAnchorTakenWhilePreemptedIsTheNarrowBracketsPair() {
        struct Preempted: HostClock {
            let monotonic: Script
            let wall: Script
            func monotonicNow() -> Double { monotonic.next() }
            func wallNow() -> Double { wall.next() }
        }
        let clock = Preempted(monotonic: Script([5.0, 5.002, 6.0, 6.000001]), wall: Script([1_700_000_000, 1_700_000_001]))
        let anchor = clock.anchor()
        #expect(anchor.utc == 1_700_000_001 && abs(anchor.monotonic - 6.0000005) < 1e-9)
    }
}
