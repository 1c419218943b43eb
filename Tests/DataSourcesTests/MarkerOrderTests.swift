import Foundation
import StudyRecorderTesting
import Synchronization
import Testing

@testable import DataSources

/// A marker is announced only after the block holding its sample was handed to every observer. A
/// lossless observer that is behind (a recording's writer on a loaded machine) holds the block's
/// hand-over; a marker set meanwhile for a moment inside that block must not overtake it, or the
/// writer gets a marker for a row it does not have yet and stores it on its last row instead (seen as
/// a study's last marker of a block stored a few samples early under load).
struct MarkerOrderTests {
    let fs = 256.0
    let clock = ManualClock(monotonic: 100, wall: 1000)
    let source = SteppedSource(descriptor: OscillatorConfiguration().descriptor)

    func block(_ first: Int64) -> SampleBlock { source.block(first, samplingRate: fs) }

    /// What an observer received, in order, gathered by a task of its own.
    final class Seen: Sendable {
        let events = Mutex<[DataEvent]>([])
        var samples: [Int64] { events.withLock { $0.compactMap { if case .samples(let b) = $0 { b.firstIndex } else { nil } } } }
        var markers: [Int64] { events.withLock { $0.compactMap { if case .marker(let p) = $0 { p.sample } else { nil } } } }
        /// The sample of `code`'s marker and how many blocks had arrived before it was announced.
        func placement(of code: Int32) -> (sample: Int64, blocksBefore: [Int64])? {
            events.withLock { list in
                var blocks: [Int64] = []
                for event in list {
                    switch event {
                    case .samples(let b):
                        if let m = b.markers.first(where: { $0.marker.code == code }) { return (b.firstIndex + Int64(m.row), blocks) }
                        blocks.append(b.firstIndex)
                    case .marker(let p) where p.marker.code == code: return (p.sample, blocks)
                    default: continue
                    }
                }
                return nil
            }
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func aMarkerNeverOvertakesTheBlockOfItsSample() async throws {
        let controller = DataController(source: source, clock: clock)
        let fast = await controller.events(.lossless(capacity: 1024))
        let slow = await controller.events(.lossless(capacity: 1))
        let seen = Seen()
        let reader = Task { for await event in fast { seen.events.withLock { $0.append(event) } } }
        try await controller.start()
        // The slow observer holds `.started`; every later event waits for it to read.
        source.deliver(block(0))
        let giveUp = ContinuousClock.now + .seconds(20)
        while !seen.samples.contains(0), ContinuousClock.now < giveUp { await Task.yield() }
        try #require(seen.samples.contains(0), "block 0 never reached the fast observer: \(seen.events.withLock { $0.count }) events")
        // Block 0 reached the fast observer; its hand-over to the slow one is pending. A marker for
        // sample 5 is set now.
        let mark = Task { await controller.mark(Marker(code: 7, label: "inside"), at: 1000 + 5.2 / fs) }
        // Give the controller every chance to announce it (a wrong announcement comes at once).
        for _ in 0..<2000 where seen.markers.isEmpty { await Task.yield() }
        #expect(seen.markers.isEmpty, "the marker was announced before its block reached every observer")

        // The slow observer catches up, and the next block comes: the marker is on sample 5, and
        // every observer got it after block 0.
        let drain = Task { () -> [DataEvent] in
            var got: [DataEvent] = []
            for await event in slow {
                got.append(event)
                if case .ended = event { break }
            }
            return got
        }
        _ = await mark.value
        source.deliver(block(16))
        source.finish()
        _ = await controller.waitUntilEnded()
        let slowEvents = await drain.value
        reader.cancel()
        let placed = try #require(seen.placement(of: 7))
        #expect(placed.sample == 5 && placed.blocksBefore.contains(0))
        var blocks: [Int64] = []
        var slowPlacement: Int64?
        for event in slowEvents {
            if case .samples(let b) = event {
                if let m = b.markers.first(where: { $0.marker.code == 7 }) { slowPlacement = b.firstIndex + Int64(m.row) }
                blocks.append(b.firstIndex)
            }
            if case .marker(let p) = event, p.marker.code == 7 {
                #expect(blocks.contains(0), "the slow observer got the marker before block 0")
                slowPlacement = p.sample
            }
        }
        #expect(slowPlacement == 5)
    }
}
