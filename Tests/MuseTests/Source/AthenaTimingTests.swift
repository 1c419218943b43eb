import DataSources
import Foundation
import Storage
import TestSupport
import Testing

@testable import Muse

/// The guarantees of ``MuseTimingTests`` for a Muse S Athena: the real ``MuseSource`` against a
/// simulated Athena that injects the classic simulator's faults into its framing (a packet whose
/// device time and block numbers claim it is 30 s later, random payloads, a device clock that runs
/// ten times fast, a headband that hangs), through a real ``DataController`` and ``RecordingInProgress``.
@Suite(.serialized)
struct AthenaTimingTests {
    private static func athena(speed: Double) -> SimulatedHeadband.Configuration {
        var simulated = SimulatedHeadband.Configuration()
        simulated.includesAthena = true
        simulated.mtu = 247
        simulated.speed = speed
        return simulated
    }

    /// Rows whose EEG is present, each checked against the code the generator sent for it (the
    /// simulated signal of the default seed).
    private static func presentRowsMatchTheGenerator(_ stored: SampleBlock, channels: Int) throws -> Int {
        let raw = try #require(stored.raw)
        let signal = SimulatedSignal(seed: 1)
        var present = 0
        for row in 0..<stored.count where !stored.value(row: row, channel: 0).isNaN {
            present += 1
            for c in 0..<channels where raw[row * channels + c] != signal.athenaEEGCode(channel: c, sampleIndex: Int64(row)) {
                Issue.record("row \(row) channel \(c): \(raw[row * channels + c]) was not sent there")
                return present
            }
        }
        return present
    }

    /// Two well-formed notifications whose block numbers and device time agree with each other but
    /// lie 30 s ahead are corrupt: counted, noted as an event, never a gap, never data and never
    /// time; every row holds what the headband took, and the recording covers what the host clock saw.
    @Test func aNotificationFarAheadIsCorruptNotTime() async throws {
        var simulated = Self.athena(speed: 8)
        simulated.corruptCounterAfter = [100, 300]
        let run = try await MuseTimingTests.record(simulated, seconds: 8)
        #expect(run.item.outcome.isComplete)
        let events = try run.reader.events()
        #expect(events.filter { $0.code == Marker.gapCode }.isEmpty, "\(events.map(\.label))")
        #expect(events.contains { $0.code == Marker.discardedCode && $0.label.hasPrefix("discarded ") }, "\(events.map(\.label))")
        let stored = try run.reader.readBlock(from: 0, count: Int(run.reader.sampleCount))
        #expect(stored.count == 8 * 256)
        #expect(try Self.presentRowsMatchTheGenerator(stored, channels: 8) == stored.count)
        let span = (stored.times.last ?? 0) - (stored.times.first ?? 0)
        #expect(span <= run.endedAt - run.startedAt + 4.0 / 256 / 8, "\(span) s of samples in \(run.endedAt - run.startedAt) s")
        #expect((stored.times.last ?? 0) <= run.endedAt)
        // Strictly increasing in whole µs as stored, at --speed 8 too.
        let steps = zip(stored.times, stored.times.dropFirst()).map { $1 - $0 }
        #expect(steps.allSatisfy { $0 >= 1e-6 }, "smallest step \(steps.min() ?? 0) at row \(steps.firstIndex(of: steps.min() ?? 0) ?? -1)")
    }

    /// With 30 % of the notifications random bytes, what was lost is missing (NaN), every present row
    /// is what the headband took, no stored time lies after the moment it was written, and the
    /// recording never claims more seconds than the host clock saw (plus one packet).
    @Test func garbagePayloadsNeverBecomeTimeOrData() async throws {
        var simulated = Self.athena(speed: 8)
        simulated.garbageFraction = 0.3
        let run = try await MuseTimingTests.record(simulated, seconds: 6)
        let stored = try run.reader.readBlock(from: 0, count: Int(run.reader.sampleCount))
        let host = run.endedAt - run.startedAt
        let span = (stored.times.last ?? 0) - (stored.times.first ?? 0)
        #expect(span <= host + 4.0 / 256 / 8, "\(span) s of samples in \(host) s")
        #expect(Double(stored.count) / 256 / 8 <= host + 4.0 / 256 / 8, "\(stored.count) rows in \(host) s")
        #expect((stored.times.last ?? 0) <= run.endedAt)
        let present = try Self.presentRowsMatchTheGenerator(stored, channels: 8)
        #expect(present > stored.count / 2 && present < stored.count, "\(present) of \(stored.count) rows present")
        let events = try run.reader.events()
        #expect(events.contains { $0.code == Marker.discardedCode }, "\(events.map(\.label))")
    }

    /// An Athena whose clock runs ten times fast (its device time and block numbers agreeing) is a
    /// device fault, said in one line, and what was recorded is kept.
    @Test func anAthenaTenTimesTooFastIsADeviceFault() async throws {
        var simulated = Self.athena(speed: 1)
        simulated.clockFactor = 10
        let run = try await MuseTimingTests.record(simulated, seconds: 20)
        guard case .deviceFault(let what)? = run.failure as? DataSourceError else {
            Issue.record("expected a device fault, got \(String(describing: run.failure))")
            return
        }
        #expect(what.contains("faster than its 256 Hz") && !what.contains("\n"))
        #expect(!run.item.outcome.isComplete)
        #expect(run.reader.sampleCount > 0)
    }

    /// Electrodes off the skin rail the Athena's codes at 0 and 16383: the source reports `onHead`
    /// false, and true again when the headband is back on, judged over about a second as for the
    /// classic headband.
    @Test func reportsAnAthenaOffAndBackOnTheHead() async throws {
        var simulated = Self.athena(speed: 8)
        simulated.offHead = Int64(2 * 256)..<Int64(5 * 256)
        let sockets = try ShortSocketDirectory()
        let headband = SimulatedHeadband(path: sockets.socket(), configuration: simulated)
        try headband.start()
        defer { headband.stop() }
        let controller = DataController(source: MuseSource(configuration: .init(device: .unixSocket(path: headband.path), timeScale: 8)))
        let events = await controller.events()
        try await controller.start()
        var onHead: [(Bool, Int64)] = []
        var lastIndex: Int64 = 0
        for await event in events {
            switch event {
            case .samples(let b) where b.stream == "eeg": lastIndex = b.endIndex
            case .state(let change) where change.state == .onHead: onHead.append((change.value, lastIndex))
            default: break
            }
            if lastIndex >= 8 * 256 { break }
        }
        await controller.stop()
        #expect(onHead.map(\.0) == [true, false, true], "\(onHead)")
        #expect(onHead.count == 3 && (2 * 256...3 * 256).contains(onHead[1].1) && (5 * 256...7 * 256).contains(onHead[2].1), "\(onHead)")
    }

    /// An Athena that stops sending but keeps the link is noticed after the silence timeout,
    /// reconnected, and the time it was silent is missing samples, not compressed time.
    @Test func reconnectsAnAthenaThatFallsSilent() async throws {
        var simulated = Self.athena(speed: 8)
        simulated.silentAfterBlocks = 200
        let (trace, log) = try await ReconnectTrace.record(simulated, rows: 200 * 4 + 512)
        let (states, indices) = (trace.states, trace.indices)
        #expect(log.connections == 2)
        // The headband hangs after the event that carried notification 200: one busy moment may
        // have put a few more in it (notification k holds EEG samples 4k…4k+3).
        let sent = log.sentAthena
        let before = 4 * sent.filter { $0.connection == 1 }.count
        #expect(before >= 800 && before <= 840, "\(before / 4) notifications before the hang")
        #expect(Array(indices.prefix(before)) == Array(0..<Int64(before)))
        // The first index after the hang lies at least the 3 s silence timeout later.
        let resumed = try #require(indices.dropFirst(before).first)
        #expect(resumed - Int64(before) >= 3 * 256 - 4, "indices from \(before - 10): \(indices.dropFirst(before - 10).prefix(20)); states \(states)")
        #expect(indices == indices.sorted() && Set(indices).count == indices.count)
    }

    /// At 20× real time an Athena that hangs is noticed after 3 s of its signal (the silence timeout
    /// is signal time with no host-time floor; the floor made it at least 20 s).
    @Test func noticesAHangingAthenaAfterThreeSecondsOfSignalAtTwentyTimesRealTime() async throws {
        var simulated = Self.athena(speed: 20)
        simulated.silentAfterBlocks = 200
        let (trace, log) = try await ReconnectTrace.record(simulated, rows: 200 * 4 + 512)
        let before = 4 * log.sentAthena.filter { $0.connection == 1 }.count
        let resumed = try #require(trace.indices.dropFirst(before).first)
        let gap = Double(resumed - Int64(before)) / 256
        #expect(gap >= 3 - 4.0 / 256 && gap < 12, "gap \(gap) s of signal")
    }
}
