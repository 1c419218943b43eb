import DataSources
import Foundation
import Logging
import RecordingPipeline
import StudyRecorderTesting
import Testing

@testable import Study

/// Hardware preparation with a real oscillator source and a scripted participant. (The fitting's
/// timeouts — relaxing the threshold, offering the way on — are checked on a manual clock in
/// ``PreparationTimingTests``, which replaced a real-time test at speed 100 that failed under load.)
struct PreparationRunnerTests {
    private static func context(
        _ study: StudyDefinition, interface: ScriptedInterface, controller: DataController, monitor: QualityMonitor
    ) -> SessionContext {
        SessionContext(
            study: study, locale: "de", values: [:], interface: interface, controller: controller, monitor: monitor, pacer: Pacer(speed: 100),
            cues: .speech)
    }

    /// An `announce` on a step that waits for nothing is cued once the step is shown (it was never
    /// cued before: only met signals announced).
    @Test func aPlainStepsAnnouncementIsCued() async throws {
        let study = try StudyLoader.load(folder: FixturePaths.studies.appendingPathComponent("mynd-example"))
        let controller = DataController(source: OscillatorSource(configuration: .init(pacing: .speed(100))))
        let monitor = await QualityMonitor(controller: controller, mains: 50)
        defer { monitor.stop() }
        let interface = ScriptedInterface(speed: 100)
        let step = PreparationStep(id: "ready", instruction: LocalizedText("All set."), announce: LocalizedText("Good signal."))
        let runner = PreparationRunner(
            context: Self.context(study, interface: interface, controller: controller, monitor: monitor),
            options: RunnerOptions(speed: 100, automatic: true), logger: Logger(label: "test"))
        _ = try await runner.run([step])
        #expect(interface.transcript == ["All set.", "(cue) Good signal."])
    }
}

/// The fitting's timing rules on a manual clock: the threshold relaxes exactly at the step's timeout
/// and the way on is offered exactly at the relaxed threshold's own timeout (twice the step's),
/// never before; each test runs minutes of fitting in milliseconds.
struct PreparationTimingTests {
    /// A quality step that waits for every electrode, with a 30 s timeout.
    private static func fitting(threshold: Double, relaxed: Double) -> PreparationStep {
        PreparationStep(
            id: "fit", instruction: LocalizedText("Fit"), waitFor: .goodSignal,
            quality: QualityView(mode: .signalQuality, electrodes: .all, threshold: threshold, relaxedThreshold: relaxed), timeout: 30)
    }

    /// Starts a scripted signal (10 s at once, then silence that keeps the link up) and waits until
    /// the monitor has quality readings.
    private static func session() async throws -> ManualClockSession {
        let session = try await ManualClockSession.start([.signal(seconds: 10, amplitude: 10), .wait(seconds: 1e6)])
        let deadline = ContinuousClock.now + .seconds(20)
        while session.monitor.current.quality == nil && ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(2)) }
        try #require(session.monitor.current.quality != nil)
        return session
    }

    private static func run(_ step: PreparationStep, on session: ManualClockSession) -> (Flag, Task<PreparationRunner.Outcome, any Error>) {
        let ended = Flag()
        let runner = PreparationRunner(
            context: session.context, options: RunnerOptions(locale: "de", speed: 1, automatic: false), logger: Logger(label: "test"))
        let task = Task {
            defer { ended.set() }
            return try await runner.run([step])
        }
        return (ended, task)
    }

    /// An unreachable threshold whose relaxed value every electrode meets: the step is met exactly at
    /// the 30 s timeout (the fitting time is 30 s), and not at 29.75 s.
    @Test(.timeLimit(.minutes(1)))
    func theThresholdRelaxesExactlyAtTheTimeout() async throws {
        let session = try await Self.session()
        let (ended, task) = Self.run(Self.fitting(threshold: 1000, relaxed: 0), on: session)
        // The source's silence, the fitting's poll and the way-on timer sleep on the clock.
        await session.clock.waitForSleepers(3)
        await session.clock.advance(by: 29.75)
        await session.settle(3, unless: { ended.isSet })
        #expect(!ended.isSet, "the threshold relaxed before the timeout")
        #expect(!session.interface.transcript.contains { $0.contains("gesenkt") })
        await session.clock.advance(by: 0.25)
        await session.settle(Int.max, unless: { ended.isSet })
        let outcome = try await task.value
        #expect(outcome.skippedSteps.isEmpty)
        #expect(outcome.fittingSeconds == 30)
        #expect(!session.interface.transcript.contains(RuntimeStrings(locale: "de")(.fittingWayOn)))
        await session.stop()
    }

    /// A relaxed threshold nobody meets: the way on is offered exactly at 60 s (twice the timeout),
    /// not at 59.75 s, and taking it passes the step as skipped.
    @Test(.timeLimit(.minutes(1)))
    func theWayOnIsOfferedExactlyAtTheSecondTimeout() async throws {
        let session = try await Self.session()
        let wayOn = RuntimeStrings(locale: "de")(.fittingWayOn)
        let (ended, task) = Self.run(Self.fitting(threshold: 1000, relaxed: 999), on: session)
        await session.clock.waitForSleepers(3)
        await session.clock.advance(by: 30)
        await session.settle(3, unless: { ended.isSet })
        #expect(session.interface.transcript.contains { $0.contains("(Schwelle auf 999 % gesenkt)") })
        await session.clock.advance(by: 29.75)
        await session.settle(3, unless: { ended.isSet })
        #expect(!ended.isSet)
        #expect(!session.interface.transcript.contains(wayOn), "the way on was offered before the second timeout")
        await session.clock.advance(by: 0.25)
        await session.settle(Int.max, unless: { ended.isSet })
        let outcome = try await task.value
        #expect(outcome.skippedSteps == ["fit"])
        #expect(session.interface.transcript.contains(wayOn))
        await session.stop()
    }
}
