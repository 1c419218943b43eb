import Testing

@testable import Muse

/// The simulated headband's sample clock on an injected clock: a packet is due once its last sample
/// was taken.
struct SimulatedSampleClockTests {
    static func clock(speed: Double = 1, clockFactor: Double = 1) -> SimulatedSampleClock {
        var configuration = SimulatedHeadband.Configuration()
        configuration.speed = speed
        configuration.clockFactor = clockFactor
        return SimulatedSampleClock(configuration: configuration)
    }

    @Test func aPacketIsDueOnceItsLastSampleWasTaken() {
        var clock = Self.clock()
        let origin: UInt64 = 7_000_000_000
        clock.start(at: origin)
        #expect(clock.isRunning)
        // EEG: the 12th sample at 256 Hz; IMU: the 3rd at 52 Hz; PPG: the 6th at 64 Hz; telemetry at once.
        let eeg = origin + UInt64(11 * 1e9 / 256)
        let imu = origin + UInt64(2 * 1e9 / 52)
        let ppg = origin + UInt64(5 * 1e9 / 64)
        #expect(clock.nextTelemetry(by: origin) == origin && clock.nextTelemetry(by: origin) == nil)
        #expect(clock.nextEEG(by: eeg - 1) == nil)
        #expect(clock.nextEEG(by: eeg) == eeg)
        #expect(clock.nextEEG(by: eeg) == nil)
        #expect(clock.nextIMU(by: imu - 1) == nil && clock.nextIMU(by: imu) == imu)
        // Next: EEG block 1, complete with sample 23 — unless PPG streams, whose first packet is earlier.
        #expect(clock.nextComplete(includingPPG: false) == origin + UInt64(23 * 1e9 / 256))
        #expect(clock.nextComplete(includingPPG: true) == ppg)
        #expect(clock.nextPPG(by: ppg - 1) == nil && clock.nextPPG(by: ppg) == ppg)
        #expect(clock.nextTelemetry(by: origin + 999_999_999) == nil)
        #expect(clock.nextTelemetry(by: origin + 1_000_000_000) == origin + 1_000_000_000)
    }

    @Test func everyPacketDueByNowIsTakenOnceInOrder() {
        var clock = Self.clock(speed: 4)
        clock.start(at: 0)
        // One second of signal at speed 4: 256 samples make 21 complete EEG blocks, 52 make 17 IMU packets.
        var eeg: [UInt64] = []
        while let takenAt = clock.nextEEG(by: 250_000_000) { eeg.append(takenAt) }
        var imu = 0
        while clock.nextIMU(by: 250_000_000) != nil { imu += 1 }
        #expect(eeg.count == 21 && imu == 17)
        let period = 1e9 / 256 / 4
        let expected: [UInt64] = (0..<21).map { (block: Int) -> UInt64 in UInt64(Double(12 * block + 11) * period) }
        #expect(eeg == expected)
    }

    @Test func restartingCountsFromTheNewStart() {
        var clock = Self.clock()
        clock.start(at: 0)
        while clock.nextEEG(by: 500_000_000) != nil {}
        clock.stop()
        #expect(!clock.isRunning)
        clock.start(at: 2_000_000_000)
        #expect(clock.nextEEG(by: 3_000_000_000) == 2_000_000_000 + UInt64(11 * 1e9 / 256))
    }

    @Test func aFastHeadbandTakesEEGAndAthenaDataEarlierButNotIMU() {
        var clock = Self.clock(clockFactor: 2)
        clock.start(at: 0)
        #expect(clock.nextEEG(by: .max) == UInt64(11 * 1e9 / 512))
        #expect(clock.nextIMU(by: .max) == UInt64(2 * 1e9 / 52))
        #expect(clock.due(seconds: 1) == 500_000_000)
        #expect(clock.due(seconds: -1) == 0)
        var fast = Self.clock(speed: 10)
        fast.start(at: 1_000)
        #expect(fast.due(seconds: 1) == 100_001_000)
    }
}
