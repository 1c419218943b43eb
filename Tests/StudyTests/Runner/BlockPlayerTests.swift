import DataSources
import Foundation
import RecordingPipeline
import StudyRecorderTesting
import Synchronization
import Testing

@testable import Study

/// Block timing on a manual clock: phase durations are seconds of signal, markers land on the samples
/// where their phases begin, and a lost link ends a block only after the monitor's grace.
struct BlockPlayerTests {
    private static let fs = 256.0
    /// One delivery step of the paced scripts (1/32 s = 8 samples at 256 Hz): the most a marker may
    /// lag its phase's first sample, since the player notices the end of a phase at the delivery
    /// that completes it.
    private static let step = 1.0 / 32

    /// A block of one trial: a 3 s fixation (marker 11) then a 2 s pause (marker 12), no texts.
    private static let block = ExpandedBlock(
        index: 0, seed: 1,
        trials: [
            ExpandedTrial(
                index: 0, type: "rest", marker: 10,
                phases: [
                    ExpandedPhase(kind: .fixation, text: nil, duration: .seconds(3), marker: 11),
                    ExpandedPhase(kind: .pause, text: nil, duration: .seconds(2), marker: 12),
                ], values: [:])
        ])

    /// Plays `block` on `session` in a task; the flag is set when it ended, the box holds its error.
    private static func play(_ block: ExpandedBlock, on session: ManualClockSession) -> (Flag, Task<Void, any Error>) {
        let ended = Flag()
        let player = BlockPlayer(context: session.context, automatic: true)
        let task = Task {
            defer { ended.set() }
            var trials: [ReactionTrial] = []
            try await player.play(block, blockCount: 1, trials: &trials)
        }
        return (ended, task)
    }

    /// A 5 s block ends after 5 s of manual time, not before, with each phase's marker on the sample
    /// its phase began at (0 and 3 s × 256 Hz), within the one delivery step that completes a phase.
    @Test(.timeLimit(.minutes(1)))
    func aBlockEndsAfterItsSecondsOfSignalWithItsMarkersOnTheirSamples() async throws {
        let session = try await ManualClockSession.start(ManualClockSession.paced(10) + [.wait(seconds: 1e6)])
        let markers = await session.controller.events(.latest(capacity: 4096))
        let collector = Task {
            var placed: [Int32: Int64] = [:]
            for await event in markers {
                // A marker is announced on its own when its sample came earlier, else with its block.
                if case .marker(let m) = event { placed[m.marker.code] = m.sample }
                if case .samples(let block) = event {
                    for m in block.markers { placed[m.marker.code] = block.firstIndex + Int64(m.row) }
                }
            }
            return placed
        }
        let start = session.clock.monotonicNow()
        let (ended, task) = Self.play(Self.block, on: session)
        // The source waits for its first step and the player polls: two sleepers.
        await session.clock.waitForSleepers(2)
        await session.advance(by: 5 - Self.step, step: Self.step, sleepers: 2, until: { ended.isSet })
        #expect(!ended.isSet, "the block ended before 5 s of signal")
        await session.advance(by: 2 * Self.step, step: Self.step, sleepers: 2, until: { ended.isSet })
        // A block still running would wait for ever on the clock: end it and fail.
        if !ended.isSet { task.cancel() }
        try #require(ended.isSet, "the block did not end at 5 s of signal")
        try await task.value
        let elapsed = session.clock.monotonicNow() - start
        #expect(elapsed >= 5 && elapsed <= 5 + Self.step, "the block took \(elapsed) s of manual time")
        await session.controller.markersPlaced(within: 0)
        markers.cancel()
        let placed = await collector.value
        await session.stop()
        let lag = Int64(Self.step * Self.fs)
        #expect(placed[11] == 0)
        let pause = try #require(placed[12])
        #expect(pause >= 768 && pause <= 768 + lag, "the pause's marker is on sample \(pause), 3 s is sample 768")
    }

    /// A link lost for 9 s (less than the 10 s grace) keeps a block running to its end; lost for 11 s
    /// it interrupts the block with "device disconnected", once the grace has passed and not before.
    @Test(.timeLimit(.minutes(1)), arguments: [9.0, 11.0])
    func aLostLinkEndsTheBlockOnlyAfterTheGrace(lost: Double) async throws {
        let script =
            ManualClockSession.paced(2)
            + [.state(.disconnected, true), .wait(seconds: lost), .state(.disconnected, false)]
            + ManualClockSession.paced(10) + [.wait(seconds: 1e6)]
        let session = try await ManualClockSession.start(script)
        let start = session.clock.monotonicNow()
        let block = ExpandedBlock(
            index: 0, seed: 1,
            trials: [
                ExpandedTrial(
                    index: 0, type: "rest", marker: 10, phases: [ExpandedPhase(kind: .fixation, text: nil, duration: .seconds(6), marker: 11)],
                    values: [:])
            ])
        let (ended, task) = Self.play(block, on: session)
        await session.clock.waitForSleepers(2)
        // Up to just before the grace ends (the link went down at 2 s): still running either way.
        await session.advance(by: 2 + QualityMonitor.disconnectionGrace - 0.25, step: Self.step, sleepers: 2, until: { ended.isSet })
        #expect(!ended.isSet)
        await session.advance(by: 20, step: Self.step, sleepers: 2, until: { ended.isSet })
        if !ended.isSet { task.cancel() }
        try #require(ended.isSet, "the block neither ended nor was interrupted")
        let elapsed = session.clock.monotonicNow() - start
        if lost < QualityMonitor.disconnectionGrace {
            try await task.value
            // 6 s of signal: 2 before the loss, 4 after it.
            #expect(elapsed >= 6 + lost && elapsed <= 6 + lost + Self.step)
        } else {
            await #expect(throws: RunnerError.interrupted("device disconnected")) { try await task.value }
            // The poll that notices it runs at most 0.1 s after the grace.
            #expect(elapsed > 2 + QualityMonitor.disconnectionGrace && elapsed <= 2 + QualityMonitor.disconnectionGrace + 0.2)
        }
        await session.stop()
    }

    /// The grace is signal time: a source at 20× real time that loses its link for 0.6 s of host time
    /// has lost 12 s of signal, past the 10 s grace (a 40 s gap at ×20 used to leave a block complete).
    @Test(.timeLimit(.minutes(1)))
    func theGraceIsSignalTimeAtTheSourcesSpeed() async throws {
        let session = try await ManualClockSession.start(
            ManualClockSession.paced(1) + [.state(.disconnected, true), .wait(seconds: 1e6)], timeScale: 20)
        await session.clock.waitForSleepers(1)
        await session.advance(by: 1, step: Self.step, sleepers: 1)
        #expect(await session.controller.linkDownSince != nil)
        await session.clock.advance(by: QualityMonitor.disconnectionGrace / 20 - 0.01)
        #expect(await session.monitor.interruption() == nil)
        await session.clock.advance(by: 0.02)
        #expect(await session.monitor.interruption() == "device disconnected")
        await session.stop()
    }

    /// The grace counts from the moment the source reported the loss, not from when the monitor's own
    /// task got round to reading the report (on a busy machine that can be seconds of the clock
    /// later): the controller knows the moment at once, and the monitor's readings carry the same one.
    @Test(.timeLimit(.minutes(1)))
    func theGraceCountsFromTheLossWheneverTheMonitorReadsIt() async throws {
        let session = try await ManualClockSession.start(ManualClockSession.paced(1) + [.state(.disconnected, true), .wait(seconds: 1e6)])
        let start = session.clock.monotonicNow()
        await session.clock.waitForSleepers(1)
        await session.advance(by: 1, step: Self.step, sleepers: 1)
        // Only the source sleeps again (the monitor's task may not have read the loss yet).
        #expect(await session.controller.linkDownSince == start + 1)
        await session.clock.advance(by: QualityMonitor.disconnectionGrace - 0.01)
        #expect(await session.monitor.interruption() == nil)
        await session.clock.advance(by: 0.02)
        #expect(await session.monitor.interruption() == "device disconnected")
        let deadline = ContinuousClock.now + .seconds(20)
        while session.monitor.current.disconnectedSince == nil, ContinuousClock.now < deadline { await Task.yield() }
        #expect(session.monitor.current.disconnectedSince == start + 1)
        await session.stop()
    }
}
