import DataSources
import StudyRecorderKit
import StudyRecorderTesting
import Testing

@Suite struct ManualClockTests {
    @Test func sleepersWakeOnlyWhenTheClockPassesTheirDeadline() async throws {
        let clock = ManualClock(monotonic: 100, wall: 1_000_000)
        let woke = Task {
            try await clock.sleep(untilMonotonic: 105); return clock.monotonicNow()
        }
        await clock.waitForSleepers(1)
        await clock.advance(by: 4)
        #expect(clock.sleeperCount == 1)
        await clock.advance(by: 1)
        #expect(try await woke.value == 105)
        #expect(clock.wallNow() == 1_000_005)
    }

    @Test func cancellingASleeperThrowsAndRemovesIt() async throws {
        let clock = ManualClock()
        let sleeper = Task { try await clock.sleep(untilMonotonic: clock.monotonicNow() + 60) }
        await clock.waitForSleepers(1)
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        #expect(clock.sleeperCount == 0)
    }

    /// A task cancelled before it sleeps: the cancellation handler runs before the sleep registers,
    /// and the sleep must still end (it once waited forever, hanging a test under load).
    @Test func aSleepCancelledBeforeItRegistersEndsAtOnce() async throws {
        let clock = ManualClock()
        for _ in 0..<50 {
            let sleeper = Task {
                withUnsafeCurrentTask { $0?.cancel() }
                try await clock.sleep(untilMonotonic: clock.monotonicNow() + 60)
            }
            await #expect(throws: CancellationError.self) { try await sleeper.value }
        }
        #expect(clock.sleeperCount == 0)
    }

    /// A paced source under the manual clock delivers exactly the signal time the test lets pass.
    @Test func aPacedOscillatorDeliversExactlyTheAdvancedTime() async throws {
        let clock = ManualClock()
        let controller = DataController(source: OscillatorSource(configuration: OscillatorConfiguration(pacing: .realTime)), clock: clock)
        let events = await controller.events(.lossless(capacity: 1024))
        try await controller.start()
        var samples: Int64 = 0
        for _ in 0..<32 {
            await clock.waitForSleepers(1)
            await clock.advance(by: 1.0 / 16)
        }
        await clock.waitForSleepers(1)
        await controller.stop()
        for await event in events {
            if case .samples(let block) = event, block.stream == "eeg" { samples = block.endIndex }
            if case .ended = event { break }
        }
        // 2 s of signal at 256 Hz, one block per 1/16 s, each delivered when its last sample is due.
        #expect(samples == 512)
    }
}
