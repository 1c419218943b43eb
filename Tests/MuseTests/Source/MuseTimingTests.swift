import DataSources
import Foundation
import Storage
import TestSupport
import Testing

@testable import Muse

/// The times the real ``MuseSource`` stores for what a faithful simulated headband sent: packets that
/// leave once their last sample was taken and reach the host at BLE connection events, a corrupt
/// counter, garbage payloads and a headband whose clock runs ten times fast.
@Suite(.serialized)
struct MuseTimingTests {
    /// One recording from a simulated headband: the stored file, the simulator's log and the clock
    /// anchor that maps its monotonic moments onto the recording clock.
    struct Run {
        var reader: RecordingReader
        var log: SimulatorLog
        var anchor: ClockAnchor
        var item: CatalogItem
        var startedAt: Double
        var store: DataStore
        var endedAt: Double
        var failure: (any Error)?

        /// The recording-clock time of a CLOCK_MONOTONIC moment in ns.
        func utc(_ monotonicNanoseconds: UInt64) -> Double { anchor.utc(fromMonotonic: Double(monotonicNanoseconds) / 1e9) }
    }

    static func record(_ simulated: SimulatedHeadband.Configuration, seconds: Double) async throws -> Run {
        let sockets = try ShortSocketDirectory()
        let headband = SimulatedHeadband(path: sockets.socket(), configuration: simulated)
        try headband.start()
        defer { headband.stop() }
        let dir = try TemporaryDirectory("muse-timing")
        let store = try DataStore(root: dir.url)
        let source = MuseSource(configuration: .init(device: .unixSocket(path: headband.path), timeScale: simulated.speed))
        let controller = DataController(source: source)
        let recording = try await RecordingInProgress.start(
            store: store, controller: controller,
            request: RecordingRequest(participant: "5A0C4E3F-1111-4A2B-8C3D-123456789ABC", duration: seconds))
        let startedAt = Date().timeIntervalSince1970
        try await controller.start()
        let result = await Task { try await recording.result() }.result
        let endedAt = Date().timeIntervalSince1970
        await controller.stop()
        let failure = await controller.waitUntilEnded()
        let anchor = try #require(await controller.anchor)
        // A source that failed: the recording was stored all the same, and is the only item.
        let item = try (try? result.get()) ?? #require(try store.catalog.items().first)
        return Run(
            reader: try RecordingReader(url: store.url(of: item.path)), log: headband.log, anchor: anchor, item: item, startedAt: startedAt,
            store: store, endedAt: endedAt, failure: failure)
    }

    /// For every block the headband sent, the stored time of its last sample is no earlier than the
    /// moment that sample was taken (− 0.5 ms) and no later than the moment the packet left (the link's
    /// connection event) plus its hand-over to the reader thread: within 1 ms for 95 % of the blocks,
    /// within 10 ms for all (the fit's line is as late as the fastest hand-overs it saw, and on a
    /// machine busy with other work none of the first ones may be fast; CI saw 1.08 ms once). The
    /// error against the true sampling moment stays within a few ms (figures printed for
    /// docs/performance.md). Pairing arrival with the first sample stored every time about 43 ms late.
    @Test func storedTimesAreTheSamplingMoments() async throws {
        var simulated = SimulatedHeadband.Configuration()
        simulated.speed = 4
        simulated.connectionInterval = 0.030
        let run = try await Self.record(simulated, seconds: 24)
        let stored = try run.reader.readBlock(from: 0, count: Int(run.reader.sampleCount))
        let packets = run.log.sentEEG.filter { $0.channel == 0 && $0.connection == 1 }
        let s0 = try #require(packets.map(\.sequence).min())
        var errors: [Double] = []
        var checked = 0, handedOverLate = 0
        for packet in packets {
            let last = Int((packet.sequence - s0) * 12 + 11)
            guard last < stored.count else { continue }
            let time = stored.times[last]
            let sent = run.utc(packet.sentAt), taken = run.utc(packet.takenAt)
            #expect(time <= sent + 0.010, "block \(packet.sequence): stored \(time - sent) s after it was sent")
            if time > sent + 0.001 { handedOverLate += 1 }
            #expect(time >= taken - 0.0005, "block \(packet.sequence): stored \(taken - time) s before it was taken")
            for k in 0..<12 {
                let trueTime = taken - Double(11 - k) / 256 / simulated.speed
                errors.append((stored.times[last - 11 + k] - trueTime) * 1000)
            }
            checked += 1
        }
        #expect(checked >= 500, "\(checked) blocks checked")
        #expect(handedOverLate * 20 <= checked, "\(handedOverLate) of \(checked) blocks stored more than 1 ms after they were sent")
        errors.sort()
        let median = errors[errors.count / 2], p99 = errors[errors.count * 99 / 100], maximum = errors.last ?? .nan
        print("muse timing error at speed 4 (ms, stored − true): median \(median), p99 \(p99), max \(maximum), min \(errors.first ?? .nan)")
        #expect(median >= -0.5 && median <= 3, "median \(median) ms")
        #expect(p99 <= 8, "p99 \(p99) ms")
    }

    /// One well-formed packet whose counter is 30 000 ahead is a corrupt packet: counted, noted as an
    /// event, never a gap and never time; the recording covers what the host clock saw.
    @Test func aCounterFarAheadIsACorruptPacketNotTime() async throws {
        var simulated = SimulatedHeadband.Configuration()
        simulated.speed = 8
        simulated.corruptCounterAfter = [40]
        let run = try await Self.record(simulated, seconds: 8)
        #expect(run.item.outcome.isComplete)
        let events = try run.reader.events()
        #expect(events.filter { $0.code == Marker.gapCode }.isEmpty, "\(events.map(\.label))")
        #expect(events.contains { $0.code == Marker.discardedCode && $0.label.hasPrefix("discarded 1 corrupt packets") }, "\(events.map(\.label))")
        let stored = try run.reader.readBlock(from: 0, count: Int(run.reader.sampleCount))
        #expect(stored.count == 8 * 256)
        let span = (stored.times.last ?? 0) - (stored.times.first ?? 0)
        #expect(span <= run.endedAt - run.startedAt + 12.0 / 256 / 8, "\(span) s of samples in \(run.endedAt - run.startedAt) s")
        #expect((stored.times.last ?? 0) <= run.endedAt)
        // Strictly increasing (in whole µs as stored); where an early arrival held them back, closer
        // than a sample period but never standing still.
        let steps = zip(stored.times, stored.times.dropFirst()).map { $1 - $0 }
        #expect(steps.allSatisfy { $0 >= 1e-6 }, "smallest step \(steps.min() ?? 0) at row \(steps.firstIndex(of: steps.min() ?? 0) ?? -1)")
    }

    /// With 30 % of the packets random bytes, no stored time lies after the moment it was written and
    /// the recording never claims more seconds than the host clock saw (plus one packet).
    @Test func garbagePayloadsNeverBecomeTime() async throws {
        var simulated = SimulatedHeadband.Configuration()
        simulated.speed = 8
        simulated.garbageFraction = 0.3
        let run = try await Self.record(simulated, seconds: 6)
        let stored = try run.reader.readBlock(from: 0, count: Int(run.reader.sampleCount))
        let host = run.endedAt - run.startedAt
        let span = (stored.times.last ?? 0) - (stored.times.first ?? 0)
        #expect(span <= host + 12.0 / 256 / 8, "\(span) s of samples in \(host) s")
        #expect(Double(stored.count) / 256 / 8 <= host + 12.0 / 256 / 8, "\(stored.count) rows in \(host) s")
        #expect((stored.times.last ?? 0) <= run.endedAt)
        let events = try run.reader.events()
        #expect(events.contains { $0.code == Marker.discardedCode })
    }

    /// A headband that streams ten times faster than its rate is a device fault, said in one line,
    /// instead of a recording that ends after a tenth of its time.
    @Test func aHeadbandTenTimesTooFastIsADeviceFault() async throws {
        var simulated = SimulatedHeadband.Configuration()
        simulated.clockFactor = 10
        let run = try await Self.record(simulated, seconds: 20)
        guard case .deviceFault(let what)? = run.failure as? DataSourceError else {
            Issue.record("expected a device fault, got \(String(describing: run.failure))")
            return
        }
        #expect(what.contains("faster than its 256 Hz") && !what.contains("\n"))
        #expect(!run.item.outcome.isComplete)
    }
}
