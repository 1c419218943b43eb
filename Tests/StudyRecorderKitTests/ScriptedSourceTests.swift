import DataSources
import StudyRecorderKit
import StudyRecorderTesting
import Testing

@Suite struct ScriptedSourceTests {
    @Test func deliversTheScriptWithGapsAsSkippedIndicesAndWaitsOnTheClock() async throws {
        let clock = ManualClock()
        let source = ScriptedSource(
            channels: ["A", "B"], samplingRate: 100,
            script: [.signal(seconds: 1, amplitude: 5), .battery(42), .gap(seconds: 0.5), .wait(seconds: 10), .values([1, 2, 3, 4])])
        let controller = DataController(source: source, clock: clock)
        let events = await controller.events(.lossless(capacity: 1024))
        try await controller.start()
        await clock.waitForSleepers(1)
        #expect(await controller.samplesDelivered == 100)
        await clock.advance(by: 10)
        var blocks: [SampleBlock] = []
        var battery: Double?
        for await event in events {
            if case .samples(let b) = event { blocks.append(b) }
            if case .battery(let level) = event { battery = level }
            if case .ended = event { break }
        }
        #expect(battery == 42)
        let last = try #require(blocks.last)
        #expect(last.firstIndex == 150)
        #expect(last.values == [1, 2, 3, 4])
        #expect(abs(last.times[0] - blocks[0].times[0] - 1.5) < 1e-9)
        #expect(blocks.dropLast().reduce(0) { $0 + $1.count } == 100)
    }
}
