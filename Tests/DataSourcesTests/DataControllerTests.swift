import Foundation
import Testing

@testable import DataSources

struct DataControllerTests {
    @Test func slowDisplayNeverCostsTheRecorderASample() async throws {
        let limit: Int64 = 256 * 30
        let controller = DataController(source: OscillatorSource(configuration: .init(pacing: .asFastAsPossible, sampleLimit: limit)))
        let recorder = await controller.events(.lossless(capacity: 4))
        let display = await controller.events(.latest(capacity: 2))
        try await controller.start()
        async let recorded: [Int64] = {
            var indices: [Int64] = []
            for await event in recorder {
                if case .samples(let b) = event { indices += Array(b.firstIndex..<b.endIndex) }
                if case .ended = event { break }
            }
            return indices
        }()
        async let shown: Int = {
            var blocks = 0
            for await event in display {
                if case .samples = event {
                    blocks += 1
                    try? await Task.sleep(for: .milliseconds(20))
                }
                if case .ended = event { break }
            }
            return blocks
        }()
        let indices = await recorded
        let blocks = await shown
        #expect(indices == Array(0..<limit))
        #expect(blocks < 30)
        #expect(display.droppedCount > 0)
    }

    @Test func markersSetBeforeStartLandOnTheFirstSampleInOrder() async throws {
        let controller = DataController(source: OscillatorSource(configuration: .init(pacing: .speed(8), sampleLimit: 512)))
        let events = await controller.events()
        await controller.mark(Marker(code: 310, label: "a"))
        await controller.mark(Marker(code: 320, label: "b"))
        try await controller.start()
        var marked: [(Int64, Int32)] = []
        var states: [DeviceState] = []
        for await event in events {
            switch event {
            case .samples(let b): marked += b.markers.map { (b.firstIndex + Int64($0.row), $0.marker.code) }
            case .state(let change): states.append(change.state)
            case .ended: break
            default: continue
            }
            if case .ended = event { break }
        }
        #expect(marked.map(\.0) == [0, 0])
        #expect(marked.map(\.1) == [310, 320])
        #expect(states.prefix(3) == [.found, .connected, .onHead])
        #expect(states.last == .disconnected)
        #expect(await controller.isRunning == false)
    }

    /// The closing `disconnected` flip is known as such however late an observer reads it: it equals
    /// ``DataController/closingFlip``; a source's own mid-run flip does not, and a new run forgets it.
    @Test func theClosingFlipIsRecognisableAfterTheRunEnded() async throws {
        let controller = DataController(source: OscillatorSource(configuration: .init(pacing: .asFastAsPossible, sampleLimit: 512)))
        let events = await controller.events(.lossless(capacity: 1024))
        #expect(await controller.closingFlip == nil)
        try await controller.start()
        _ = await controller.waitUntilEnded()
        var flips: [DeviceStateChange] = []
        for await event in events {
            if case .state(let change) = event, change.state == .disconnected, change.value { flips.append(change) }
            if case .ended = event { break }
        }
        // Read only now, after the run: the one closing flip is still recognised.
        #expect(flips.count == 1)
        #expect(await controller.closingFlip == flips.first)
        #expect(await controller.closingFlip != DeviceStateChange(state: .disconnected, value: true, time: (flips.first?.time ?? 0) - 1))
        try await controller.start()
        #expect(await controller.closingFlip == nil)
        await controller.stop()
    }

    @Test func stopEndsObserversAndStartTwiceFails() async throws {
        let controller = DataController(source: OscillatorSource())
        let events = await controller.events(.latest())
        let running = await controller.events(.latest())
        try await controller.start()
        await #expect(throws: DataSourceError.alreadyRunning) { try await controller.start() }
        // Stopped once samples flow.
        for await event in running { if case .samples = event { break } }
        await controller.stop()
        var ended = false
        for await event in events { if case .ended(let error) = event { ended = error == nil; break } }
        #expect(ended)
    }

    @Test func observerThatLeavesDoesNotBlockTheSource() async throws {
        let controller = DataController(source: OscillatorSource(configuration: .init(pacing: .asFastAsPossible, sampleLimit: 256 * 100)))
        let quitter = await controller.events(.lossless(capacity: 1))
        try await controller.start()
        for await event in quitter { if case .samples = event { break } }
        let error = await controller.waitUntilEnded()
        #expect(error == nil)
        #expect(await controller.samplesDelivered == 256 * 100)
    }

    /// The lossless-observer count counts lossless subscriptions that are open: not displays
    /// (`latest`), not an observer that left.
    @Test func losslessObserverCountCountsOpenLosslessObservers() async throws {
        let controller = DataController(source: OscillatorSource())
        #expect(await controller.losslessObserverCount == 0)
        let recorder = await controller.events(.lossless())
        let processor = await controller.events(.lossless())
        let display = await controller.events(.latest())
        #expect(await controller.losslessObserverCount == 2)
        processor.cancel()
        #expect(await controller.losslessObserverCount == 1)
        display.cancel()
        recorder.cancel()
        #expect(await controller.losslessObserverCount == 0)
    }
}
