import Foundation
import StudyRecorderTesting
import Testing

@testable import DataSources

/// A marker is a moment on the recording clock: it lands on the sample whose time is nearest, also
/// when that sample was delivered before the marker was set, on a lost sample when the moment falls
/// in a gap, and on the sample its moment gives past the last one when the run ends first. The controller runs for real; only the device (``SteppedSource``) and the host clock
/// (StudyRecorderTesting's ``ManualClock``) are the test's, so every time is exact.
struct MarkerPlacementTests {
    let fs = 256.0
    let clock = ManualClock(monotonic: 100, wall: 1000)
    let source = SteppedSource(descriptor: OscillatorConfiguration().descriptor)

    func block(_ first: Int64) -> SampleBlock { source.block(first, samplingRate: fs) }

    func deliver(_ first: Int64, to controller: DataController) async {
        source.deliver(block(first))
        while await controller.samplesDelivered < first + 16 { await Task.yield() }
    }

    @Test func markersLandOnTheSampleNearestTheirMoment() async throws {
        let controller = DataController(source: source, clock: clock)
        let events = await controller.events(.lossless(capacity: 256))
        try await controller.start()
        #expect(await controller.anchor == ClockAnchor(monotonic: 100, utc: 1000))

        await deliver(0, to: controller)
        let past = await controller.mark(Marker(code: 1, label: "past"), at: 1000 + 5.3 / fs)
        let ahead = await controller.mark(Marker(code: 2, label: "ahead"), at: 1000 + 20.6 / fs)
        await deliver(16, to: controller)
        // The newest sample (31) is before the moment, but the next one (32) is further away.
        let between = await controller.mark(Marker(code: 3, label: "between"), at: 1000 + 31.2 / fs)
        await deliver(32, to: controller)
        await clock.advance(by: 40.2 / fs)
        let now = await controller.mark(Marker(code: 4, label: "now"))
        let late = await controller.mark(Marker(code: 5, label: "after the end"), at: 1000 + 100 / fs)
        source.finish()
        _ = await controller.waitUntilEnded()

        var placed: [Int32: Int64] = [:]
        var announced: [Int32] = []
        for await event in events {
            switch event {
            case .samples(let b): for m in b.markers { placed[m.marker.code] = b.firstIndex + Int64(m.row) }
            case .marker(let p):
                placed[p.marker.code] = p.sample
                announced.append(p.marker.code)
            case .ended: break
            default: continue
            }
            if case .ended = event { break }
        }
        // The run ended before moment 100 came: the marker keeps its moment, on the lost sample 100.
        #expect(placed == [1: 5, 2: 21, 3: 31, 4: 40, 5: 100])
        #expect(announced == [1, 3, 4, 5], "markers on samples delivered before are announced on their own")
        var samples: [Int64?] = []
        for ticket in [past, ahead, between, now, late] { samples.append(await controller.placement(of: ticket)?.sample) }
        #expect(samples == [5, 21, 31, 40, 100])
        let p = try #require(await controller.placement(of: between))
        #expect(abs(p.moment - (1000 + 31.2 / fs)) < 1e-9)
        #expect(p.sampleTime == 1000 + 31 / fs)
    }

    @Test func markersSetBeforeTheFirstSampleWaitForIt() async throws {
        let controller = DataController(source: source, clock: clock)
        let events = await controller.events(.lossless(capacity: 64))
        try await controller.start()
        let early = await controller.mark(Marker(code: 7), at: 999)
        await deliver(0, to: controller)
        await controller.markersPlaced()
        #expect(await controller.placement(of: early)?.sample == 0)
        source.finish()
        var onFirstBlock: [BlockMarker] = []
        for await event in events {
            if case .samples(let b) = event { onFirstBlock = b.markers; break }
        }
        #expect(onFirstBlock == [BlockMarker(row: 0, marker: Marker(code: 7))])
    }

    /// Keys pressed into a silence: the source lost samples 16..<48. A marker set while nothing
    /// comes waits until the gap is known and lands on the lost sample nearest its moment (announced
    /// after the block that ends the gap, so a recorder holds the gap's rows by then), timed as a
    /// recorder times gap rows; one nearer the gap's end lands on the block's first row; one set
    /// afterwards for a moment in the gap lands in it too. None moves to the gap's edges.
    @Test func markersInAGapLandOnTheirOwnLostSamples() async throws {
        let controller = DataController(source: source, clock: clock)
        let events = await controller.events(.lossless(capacity: 256))
        try await controller.start()
        await deliver(0, to: controller)
        let early = await controller.mark(Marker(code: 1, label: "key"), at: 1000 + 20.4 / fs)
        let middle = await controller.mark(Marker(code: 2, label: "key"), at: 1000 + 30.5 / fs)
        let edge = await controller.mark(Marker(code: 3, label: "key"), at: 1000 + 47.6 / fs)
        // Samples 16..<48 never come: the controller has delivered 32 samples after this block.
        source.deliver(block(48))
        while await controller.samplesDelivered < 32 { await Task.yield() }
        let late = await controller.mark(Marker(code: 4, label: "key"), at: 1000 + 40.2 / fs)
        source.finish()
        _ = await controller.waitUntilEnded()

        var order: [String] = []
        for await event in events {
            switch event {
            case .samples(let b):
                order.append("samples \(b.firstIndex)")
                for m in b.markers { order.append("in block \(m.marker.code)@\(b.firstIndex + Int64(m.row))") }
            case .marker(let p): order.append("marker \(p.marker.code)@\(p.sample)")
            case .ended: break
            default: continue
            }
            if case .ended = event { break }
        }
        #expect(order == ["samples 0", "samples 48", "in block 3@48", "marker 1@20", "marker 2@30", "marker 4@40"])
        var placements: [PlacedMarker] = []
        for ticket in [early, middle, edge, late] { placements.append(try #require(await controller.placement(of: ticket))) }
        #expect(placements.map(\.sample) == [20, 30, 48, 40])
        for p in placements { #expect(abs(p.sampleTime - (1000 + Double(p.sample) / fs)) < 1e-9) }
        #expect(abs(placements[1].moment - (1000 + 30.5 / fs)) < 1e-9)
    }

    /// A marker waiting in a silence when the run ends keeps its moment: it lands on the sample the
    /// moment gives after the last one, not on the last one.
    @Test func aMarkerInTheGapARunEndsInKeepsItsMoment() async throws {
        let controller = DataController(source: source, clock: clock)
        try await controller.start()
        await deliver(0, to: controller)
        let key = await controller.mark(Marker(code: 9, label: "key"), at: 1000 + 40.3 / fs)
        source.finish()
        _ = await controller.waitUntilEnded()
        let p = try #require(await controller.placement(of: key))
        #expect(p.sample == 40)
        #expect(abs(p.sampleTime - (1000 + 40 / fs)) < 1e-9)
    }
}
