import Testing

@testable import DataSources

/// The battery is news on its first reading, a change of at least 1 %, or a crossing of the warning
/// level — not on every telemetry packet.
struct BatteryChangeFilterTests {
    @Test func passesOnlyNews() {
        var filter = BatteryChangeFilter()
        let readings: [Double] = [82, 82, 82, 81.6, 81, 80.2, 21, 20.4, 19.9, 19.9, 20.1, 20.1, .nan]
        let passed = readings.filter { filter.take($0) }
        // 82 first; 81 is 1 % down; 21; 19.9 crosses below 20; 20.1 crosses back; nothing from NaN.
        #expect(passed == [82, 81, 21, 19.9, 20.1], "\(passed)")
        #expect(filter.reported == 20.1)
    }

    @Test func aMinuteAtFifteenPercentIsOneReading() {
        var filter = BatteryChangeFilter()
        #expect((0..<60).filter { _ in filter.take(15) }.count == 1)
    }
}
