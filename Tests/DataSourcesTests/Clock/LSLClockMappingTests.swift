import DataSources
import StudyRecorderTesting
import Testing

/// The mapping to LSL's clock: pairs read together, taken again when due, and one rule for turning a
/// recording-clock time into LSL time.
struct LSLClockMappingTests {
    @Test func pairsAreReadTogetherAndTakenAgainWhenDue() async {
        let host = ManualClock(monotonic: 1000, wall: 1_700_000_000)
        let mapping = LSLClockMapping(hostClock: host) { host.monotonicNow() + 0.25 }
        #expect(mapping.points == [.init(monotonic: 1000, lsl: 1000.25)])
        await host.advance(by: 9.5)
        #expect(!mapping.takePointIfDue(interval: 10))
        await host.advance(by: 0.5)
        #expect(mapping.takePointIfDue(interval: 10))
        #expect(mapping.points.map(\.monotonic) == [1000, 1010])
        let anchor = ClockAnchor(monotonic: 1000, utc: 1_700_000_000)
        #expect(mapping.lslTime(recordingTime: 1_700_000_005, anchor: anchor) == 1005.25)
    }

    /// The rule picks the last pair at or before a time, and the first before all pairs.
    @Test func theRulePicksTheLastPairAtOrBeforeATime() {
        let points: [(recording: Double, lsl: Double)] = [(100, 10), (110, 20.5), (120, 31)]
        #expect(LSLClockMapping.lslTime(recordingTime: 90, points: points) == 0)
        #expect(LSLClockMapping.lslTime(recordingTime: 105, points: points) == 15)
        #expect(LSLClockMapping.lslTime(recordingTime: 110, points: points) == 20.5)
        #expect(LSLClockMapping.lslTime(recordingTime: 130, points: points) == 41)
        #expect(LSLClockMapping.lslTime(recordingTime: 5, points: []) == 5)
    }
}
