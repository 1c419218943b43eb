import DataSources
import Foundation
import Processing
import TestSupport
import Testing

@testable import Muse

/// Device conditions the real ``MuseSource`` derives from a ``SimulatedHeadband``: a headband that
/// hangs (silent but connected), electrodes off the skin, a low battery, and head movement judged from
/// the accelerometer.
struct MuseDeviceConditionTests {
    /// Starts a simulated headband at 8× real time with `configure` applied and a source reading it.
    private static func headband(
        _ configure: (inout SimulatedHeadband.Configuration) -> Void
    ) throws -> (ShortSocketDirectory, SimulatedHeadband, DataController) {
        var simulated = SimulatedHeadband.Configuration()
        simulated.speed = 8
        configure(&simulated)
        let sockets = try ShortSocketDirectory()
        let headband = SimulatedHeadband(path: sockets.socket(), configuration: simulated)
        try headband.start()
        let source = MuseSource(configuration: .init(device: .unixSocket(path: headband.path), timeScale: 8))
        return (sockets, headband, DataController(source: source))
    }

    /// A headband that stops sending but keeps the link is noticed after 3 s of silence (signal time),
    /// reconnected, and the time it was silent is missing samples, not compressed time.
    @Test func reconnectsAHeadbandThatFallsSilent() async throws {
        let (sockets, headband, controller) = try Self.headband { $0.silentAfterBlocks = 40 }
        defer { headband.stop(); _ = sockets }
        let events = await controller.events()
        try await controller.start()
        let trace = await ReconnectTrace.collect(events, controller: controller, rows: 80 * 12)
        let (states, indices) = (trace.states, trace.indices)
        let disconnected = try #require(states.firstIndex { $0 == (.disconnected, true) })
        let reconnected = try #require(states.firstIndex { $0 == (.reconnected, true) })
        #expect(disconnected < reconnected)
        #expect(headband.log.connections == 2)
        #expect(Array(indices.prefix(40 * 12)) == Array(0..<Int64(40 * 12)))
        // After the hang, the first index lies at least the 3 s silence timeout later (counted from the
        // last packet, which carries the block's last 12 samples).
        let resumed = try #require(indices.dropFirst(40 * 12).first)
        #expect(resumed - 40 * 12 >= 3 * 256 - 12)
        #expect(indices == indices.sorted())
    }

    /// The silence timeout is signal time at every speed: a headband at 20× real time that hangs is
    /// noticed after 3 s of its signal, so the gap is seconds long (with a 1 s host-time floor it was
    /// at least 20 s of signal).
    @Test func noticesAHangAfterThreeSecondsOfSignalAtTwentyTimesRealTime() async throws {
        var simulated = SimulatedHeadband.Configuration()
        simulated.speed = 20
        simulated.silentAfterBlocks = 40
        let (trace, _) = try await ReconnectTrace.record(simulated, rows: 80 * 12)
        #expect(Array(trace.indices.prefix(40 * 12)) == Array(0..<Int64(40 * 12)))
        let resumed = try #require(trace.indices.dropFirst(40 * 12).first)
        let gap = Double(resumed - 40 * 12) / 256
        #expect(gap >= 3 - 12.0 / 256 && gap < 12, "gap \(gap) s of signal")
    }

    /// Electrodes off the skin rail the codes: the source reports `onHead` false, and true again when
    /// the headband is back on.
    @Test func reportsTheHeadbandOffAndBackOnTheHead() async throws {
        let (sockets, headband, controller) = try Self.headband { $0.offHead = Int64(2 * 256)..<Int64(5 * 256) }
        defer { headband.stop(); _ = sockets }
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
        #expect(onHead.map(\.0) == [true, false, true])
        // Judged over about a second: off within 1 s of the electrodes leaving, on within 2 s of returning.
        #expect(onHead.count == 3 && (2 * 256...3 * 256).contains(onHead[1].1) && (5 * 256...7 * 256).contains(onHead[2].1))
    }

    /// A battery below 20 % is reported as a level and as the `batteryLow` condition, which clears when
    /// the level is back up.
    @Test func warnsOfALowBattery() async throws {
        let (sockets, headband, controller) = try Self.headband { $0.batteryPercent = 15 }
        defer { headband.stop(); _ = sockets }
        let events = await controller.events()
        try await controller.start()
        var levels: [Double] = []
        var low: [Bool] = []
        for await event in events {
            switch event {
            case .battery(let level):
                levels.append(level)
                if levels.count == 2 { headband.setBatteryPercent(64) }
            case .state(let change) where change.state == .batteryLow: low.append(change.value)
            default: break
            }
            if low == [true, false] { break }
        }
        await controller.stop()
        #expect(low == [true, false])
        #expect(levels.first == 15 && levels.last == 64)
    }

    /// Strong head movement on the accelerometer makes the session verdict "motion too high"; the
    /// same headband sitting still passes.
    @Test func headMovementMakesTheVerdictMotionTooHigh() async throws {
        for moving in [false, true] {
            let (sockets, headband, controller) = try Self.headband {
                $0.speed = 16; if moving { $0.motion = 0..<Int64(52 * 60) }
            }
            defer { headband.stop(); _ = sockets }
            let events = await LiveProcessor.events(controller: controller, configuration: ProcessorConfiguration(mains: .fifty))
            try await controller.start()
            var summary: SessionQualitySummary?
            var stopping = false
            for await event in events {
                switch event {
                case .update(.quality(let q)) where q.sampleIndex >= 12 * 256 && !stopping:
                    stopping = true
                    await controller.stop()
                case .ended(let s, _): summary = s
                default: break
                }
            }
            let s = try #require(summary)
            #expect(s.accelerometerWindows >= 10)
            #expect(s.verdict == (moving ? .motionTooHigh : .passed), "moving \(moving): \(s)")
            #expect(s.movingWindows == (moving ? s.accelerometerWindows : 0))
        }
    }
}
