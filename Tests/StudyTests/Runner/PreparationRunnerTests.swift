import DataSources
import Foundation
import Logging
import Testing
@testable import Study

/// Hardware preparation with a real oscillator source and a scripted participant.
struct PreparationRunnerTests {
    private static func context(_ study: StudyDefinition, interface: ScriptedInterface, controller: DataController, monitor: QualityMonitor) -> SessionContext {
        SessionContext(
            study: study, locale: "de", values: [:], interface: interface, controller: controller, monitor: monitor, pacer: Pacer(speed: 100),
            cues: .speech)
    }

    /// A fitting whose relaxed threshold is never reached offers the participant a way on after a
    /// second timeout (as the reference's fitting lets the participant go on), instead of waiting
    /// for ever; the step is recorded as skipped.
    @Test(.timeLimit(.minutes(1)))
    func aFittingThatNeverSucceedsOffersAWayOn() async throws {
        let study = try StudyLoader.load(folder: FixturePaths.studies.appendingPathComponent("mynd-example"))
        let controller = DataController(source: OscillatorSource(configuration: .init(pacing: .speed(100))))
        let monitor = await QualityMonitor(controller: controller, mains: 50)
        defer { monitor.stop() }
        try await controller.start()
        let interface = ScriptedInterface(speed: 100)
        // No electrode reaches a quality of 1000 %, relaxed or not.
        let step = PreparationStep(
            id: "fit", instruction: LocalizedText("Fit"), waitFor: .goodSignal,
            quality: QualityView(mode: .signalQuality, electrodes: .all, threshold: 1000, relaxedThreshold: 999), timeout: 60)
        let runner = PreparationRunner(
            context: Self.context(study, interface: interface, controller: controller, monitor: monitor),
            options: RunnerOptions(locale: "de", speed: 100, automatic: false), logger: Logger(label: "test"))
        let outcome = try await runner.run([step])
        await controller.stop()
        #expect(outcome.skippedSteps == ["fit"])
        #expect(interface.transcript.contains(RuntimeStrings(locale: "de")(.fittingWayOn)))
        #expect(interface.transcript.contains { $0.contains("(Schwelle auf 999 % gesenkt)") })
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
