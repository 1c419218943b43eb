import DataSources
import Foundation
import Storage
import StudyRecorderTesting
import Testing

@testable import Study

/// Reaction-time trials on a manual clock: the block player reads the onset, the stimulus and the
/// deadlines on the run's host clock and the scripted participant presses exactly when scripted on
/// it, so a latency comes out exact, every marker lands on the sample of its moment, and each rule of
/// the task (docs/study-format.md, "The reaction-time task") decides the outcome. Each case runs a
/// few seconds of a session in milliseconds.
struct BlockPlayerReactionTimeTests {
    private static let fs = 256.0
    /// One delivery step of the paced script (1/32 s = 8 samples at 256 Hz).
    private static let step = 1.0 / 32

    /// One trial of the task: a 1 s foreperiod (marker 502), stimulus `X` (510), the `space` key within
    /// 1.5 s (response 520, anticipation 530, miss 540), the default 0.1 s anticipation bound.
    private static let block: ExpandedBlock = {
        let task = ReactionTimeTask(
            foreperiodMin: 1, foreperiodMax: 1, stimulus: LocalizedText("X"), responseWindow: 1.5, responseKey: "space",
            stimulusMarker: 510, responseMarker: 520, anticipationMarker: 530, missMarker: 540)
        let phase = ExpandedPhase(
            kind: .task, text: nil, duration: .untilAcknowledged, marker: 502, task: ExpandedTask(reactionTime: task, foreperiod: 1))
        return ExpandedBlock(index: 0, seed: 1, trials: [ExpandedTrial(index: 0, type: "reaction", marker: 500, phases: [phase], values: [:])])
    }()

    /// A marker as stored: its code, label and the sample it was placed on.
    struct Placed: Sendable, Hashable, CustomStringConvertible {
        var code: Int32
        var label: String
        var sample: Int64
        var description: String { "\(code) \(label) @\(sample)" }
    }

    /// What the scripted participant does and what the trial must then hold.
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var reaction: ScriptedReaction
        var outcome: ReactionTimeOutcome
        /// The key recorded (`nil`: none).
        var response: String?
        var latencyMs: Double?
        /// When the key counted was pressed, in seconds after the trial's onset (`nil`: none counted).
        var pressed: Double?
        /// Every marker of the trial in the order set; the foreperiod begins at sample 0, the
        /// stimulus is due at 1 s (sample 256).
        var markers: [Placed]
        /// When the trial ends, in seconds after its onset (to one delivery step).
        var ends: Double
        var testDescription: String { name }
    }

    private static let onset = Placed(code: 502, label: "reaction/foreperiod", sample: 0)
    private static let stimulus = Placed(code: 510, label: "reaction/stimulus", sample: 256)

    static let cases: [Case] = [
        // 0.3 s after the stimulus is 1.3 s = sample 332.8 after the onset: the nearest is 333.
        Case(
            name: "the response key 300 ms after the stimulus is correct", reaction: .press("space", at: 0.3), outcome: .correct,
            response: "space", latencyMs: 300, pressed: 1.3,
            markers: [onset, stimulus, Placed(code: 520, label: "reaction/response", sample: 333)], ends: 1.3),
        Case(
            name: "another key is a wrong key, recorded but not a correct response", reaction: .press("a", at: 0.3), outcome: .wrongKey,
            response: "a", latencyMs: 300, pressed: 1.3,
            markers: [onset, stimulus, Placed(code: 520, label: "reaction/wrongKey", sample: 333)], ends: 1.3),
        // A key 0.25 s before the stimulus: no stimulus, the trial still ends at its planned 1 s.
        Case(
            name: "a key before the stimulus is an anticipation", reaction: .press("space", at: -0.25), outcome: .anticipation,
            response: "space", latencyMs: -250, pressed: 0.75,
            markers: [onset, Placed(code: 530, label: "reaction/anticipation", sample: 192)], ends: 1),
        Case(
            name: "the response key sooner than the 0.1 s bound is an anticipation", reaction: .press("space", at: 0.05),
            outcome: .anticipation, response: "space", latencyMs: 50, pressed: 1.05,
            markers: [onset, stimulus, Placed(code: 530, label: "reaction/anticipation", sample: 269)], ends: 1.05),
        // The window ends 1.5 s after the stimulus: 2.5 s, sample 640.
        Case(
            name: "no key within the window is a miss", reaction: .noKey, outcome: .miss, response: nil, latencyMs: nil, pressed: nil,
            markers: [onset, stimulus, Placed(code: 540, label: "reaction/miss", sample: 640)], ends: 2.5),
        Case(
            name: "a key after the window is a miss", reaction: .press("space", at: 1.6), outcome: .miss, response: nil, latencyMs: nil,
            pressed: nil, markers: [onset, stimulus, Placed(code: 540, label: "reaction/miss", sample: 640)], ends: 2.5),
    ]

    @Test(.timeLimit(.minutes(1)), arguments: cases)
    func aScriptedReactionGivesItsExactLatencyOutcomeAndMarkers(_ c: Case) async throws {
        let session = try await ManualClockSession.start(
            ManualClockSession.paced(4) + [.wait(seconds: 1e6)], interface: ScriptedInterface(reactions: [c.reaction]))
        let anchor = try #require(await session.controller.anchor)
        let events = await session.controller.events(.latest(capacity: 4096))
        let collector = Task {
            var placed: [Placed] = []
            for await event in events {
                // A marker is announced on its own when its sample came earlier, else with its block.
                if case .marker(let m) = event { placed.append(Placed(code: m.marker.code, label: m.marker.label, sample: m.sample)) }
                if case .samples(let block) = event {
                    placed += block.markers.map { Placed(code: $0.marker.code, label: $0.marker.label, sample: block.firstIndex + Int64($0.row)) }
                }
            }
            return placed.filter { $0.code > 0 }
        }
        let start = session.clock.monotonicNow()
        let ended = Flag()
        let player = BlockPlayer(context: session.context, automatic: true)
        let task = Task {
            defer { ended.set() }
            var trials: [ReactionTrial] = []
            try await player.play(Self.block, blockCount: 1, trials: &trials)
            return trials
        }
        // The source waits for its first step and the participant for a key: two sleepers.
        await session.clock.waitForSleepers(2)
        await session.advance(by: 3, step: Self.step, sleepers: 2, until: { ended.isSet })
        // A trial still running would wait for ever on the clock: end it and fail.
        if !ended.isSet { task.cancel() }
        try #require(ended.isSet, "the trial did not end within 3 s")
        let trial = try #require(try await task.value.first)
        let elapsed = session.clock.monotonicNow() - start
        #expect(abs(elapsed - c.ends) <= Self.step, "the trial took \(elapsed) s of manual time, planned \(c.ends) s")
        // The samples after the trial's last moment, so every marker is placed on its own sample.
        await session.advance(by: 4 * Self.step, step: Self.step, sleepers: 1)
        await session.controller.markersPlaced(within: 0)
        var stimulusPlacement: PlacedMarker?, responsePlacement: PlacedMarker?
        if let ticket = trial.stimulus { stimulusPlacement = await session.controller.placement(of: ticket) }
        if let ticket = trial.response { responsePlacement = await session.controller.placement(of: ticket) }
        events.cancel()
        let placed = await collector.value
        await session.stop()

        let result = trial.result
        #expect(result.outcome == c.outcome)
        #expect(result.response == c.response)
        if let latency = c.latencyMs {
            let measured = try #require(result.latencyMs)
            #expect(abs(measured - latency) < 1e-6, "latency \(measured) ms, scripted \(latency) ms")
        } else {
            #expect(result.latencyMs == nil)
        }
        #expect(placed == c.markers)
        // Every moment is the manual clock's reading mapped through the recording's anchor.
        #expect(result.timestamp == Date(timeIntervalSince1970: anchor.utc(fromMonotonic: start)))
        if let pressed = c.pressed {
            let moment = anchor.utc(fromMonotonic: start + pressed)
            let placement = try #require(responsePlacement)
            #expect(abs(placement.moment - moment) < 1e-6, "the key's marker is set for \(placement.moment), pressed at \(moment)")
            #expect(result.responseTime == ReactionTimeResult.iso(moment))
        } else {
            #expect(result.responseTime == nil && responsePlacement == nil)
        }
        if c.markers.contains(Self.stimulus) {
            let moment = anchor.utc(fromMonotonic: start + 1)
            #expect(stimulusPlacement.map { abs($0.moment - moment) < 1e-6 } == true)
            #expect(result.stimulusTime == ReactionTimeResult.iso(moment))
        } else {
            #expect(result.stimulusTime == nil && stimulusPlacement == nil)
        }
        // Only a correct trial's latency counts for the score.
        #expect(ReactionTimeResult.medianCorrectLatency([result]) == (c.outcome == .correct ? result.latencyMs : nil))
    }

    /// A reaction-time trial during a hang: the source delivers 0.5 s, then nothing until 3 s, and
    /// its next samples say that 2.5 s (samples 128..<768) were lost. The stimulus (due at 1 s) and
    /// the key (0.3 s later) fall into the silence: once the gap is known they land on their own lost
    /// samples, 256 and 333 (as without a hang), not on the gap's edges (127, 768); the latency and
    /// the samples agree.
    @Test(.timeLimit(.minutes(1)))
    func aStimulusAndKeyInAHangLandOnTheirOwnLostSamples() async throws {
        let script = ManualClockSession.paced(0.5) + [.wait(seconds: 2.5), .gap(seconds: 2.5)] + ManualClockSession.paced(1) + [.wait(seconds: 1e6)]
        let session = try await ManualClockSession.start(script, interface: ScriptedInterface(reactions: [.press("space", at: 0.3)]))
        let events = await session.controller.events(.latest(capacity: 4096))
        let collector = Task {
            var placed: [Placed] = []
            for await event in events {
                if case .marker(let m) = event { placed.append(Placed(code: m.marker.code, label: m.marker.label, sample: m.sample)) }
                if case .samples(let block) = event {
                    placed += block.markers.map { Placed(code: $0.marker.code, label: $0.marker.label, sample: block.firstIndex + Int64($0.row)) }
                }
            }
            return placed.filter { $0.code > 0 }
        }
        let start = session.clock.monotonicNow()
        let ended = Flag()
        let player = BlockPlayer(context: session.context, automatic: true)
        let task = Task {
            defer { ended.set() }
            var trials: [ReactionTrial] = []
            try await player.play(Self.block, blockCount: 1, trials: &trials)
            return trials
        }
        await session.clock.waitForSleepers(2)
        await session.advance(by: 3, step: Self.step, sleepers: 2, until: { ended.isSet })
        if !ended.isSet { task.cancel() }
        try #require(ended.isSet, "the trial did not end within 3 s")
        let trial = try #require(try await task.value.first)
        // On to 3.25 s: the samples after the gap arrive and make it known.
        await session.advance(by: 3.25 - (session.clock.monotonicNow() - start), step: Self.step, sleepers: 1)
        #expect(await session.controller.samplesDelivered > 128)
        await session.controller.markersPlaced(within: 0)
        let stimulus = try #require(await trial.stimulus.asyncMap { await session.controller.placement(of: $0) } ?? nil)
        let response = try #require(await trial.response.asyncMap { await session.controller.placement(of: $0) } ?? nil)
        events.cancel()
        let placed = await collector.value
        await session.stop()
        #expect(trial.result.outcome == .correct)
        #expect(placed == [Self.onset, Self.stimulus, Placed(code: 520, label: "reaction/response", sample: 333)])
        #expect(stimulus.sample == 256 && response.sample == 333)
        let latency = try #require(trial.result.latencyMs)
        #expect(abs(latency - 300) < 1e-6)
        #expect(abs(Double(response.sample - stimulus.sample) / Self.fs * 1000 - latency) <= 1000 / Self.fs)
        #expect(abs(response.sampleTime - response.moment) <= 0.5 / Self.fs)
    }
}

extension Optional {
    /// The wrapped value mapped by an async transform.
    fileprivate func asyncMap<T>(_ transform: (Wrapped) async -> T) async -> T? {
        guard let value = self else { return nil }
        return await transform(value)
    }
}
