import Testing

@testable import Muse

struct PacketCounterTests {
    @Test func consecutiveAcrossTheWrapIsNotAGap() {
        var counter = PacketCounter()
        #expect([65534, 65535, 0, 1].map { counter.unwrap($0) } == [65534, 65535, 65536, 65537])
    }

    @Test func gapVectorLeavesExactlyOneBlock() {
        var counter = PacketCounter()
        let values = [10, 11, 13].map { counter.unwrap($0) }
        #expect(values == [10, 11, 13])
        #expect(values[2] - values[1] - 1 == 1)
    }

    @Test func latePacketsMapToTheirEarlierValue() {
        var counter = PacketCounter()
        #expect(counter.unwrap(2) == 2)
        #expect(counter.unwrap(5) == 5)
        #expect(counter.unwrap(3) == 3)  // late, small backward step
        #expect(counter.latest == 5)
        #expect(counter.unwrap(5) == 5)  // duplicate
        #expect(counter.unwrap(65534) == -2)  // late across the wrap (before the first value)
        #expect(counter.latest == 5)
        #expect(counter.unwrap(6) == 6)
    }

    @Test func windowBoundaries() {
        var counter = PacketCounter()
        _ = counter.unwrap(0x8000)
        #expect(counter.unwrap(0x8000 - 0x4000) == 0x4000)  // exactly the late window: late
        #expect(counter.unwrap(0x8000 - 0x4001) == 0x8000 + 0xBFFF)  // one more: a forward jump (wrap)
        var wrap = PacketCounter()
        _ = wrap.unwrap(65000)
        #expect(wrap.unwrap(100) == 65636)  // large backward jump is a wrap
    }

    @Test func randomWalkWithLateStepsAcrossManyWraps() {
        var rng = SeededGenerator(seed: 99)
        var counter = PacketCounter()
        var truth = Int64.random(in: 0...65535, using: &rng)
        let start = truth
        #expect(counter.unwrap(UInt16(truncatingIfNeeded: truth)) == start)
        var high = truth
        for _ in 0..<40_000 {
            let late = Int.random(in: 0..<10, using: &rng) == 0
            if late {
                let value = high - Int64.random(in: 1...8, using: &rng)
                #expect(counter.unwrap(UInt16(truncatingIfNeeded: value)) == value)
            } else {
                truth = high + Int64.random(in: 1...30, using: &rng)
                high = truth
                #expect(counter.unwrap(UInt16(truncatingIfNeeded: truth)) == truth)
            }
        }
        #expect(high - start > 3 * 65536)
    }
}
