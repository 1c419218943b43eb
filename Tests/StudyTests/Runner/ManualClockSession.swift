import DataSources
import Foundation
import RecordingPipeline
import StudyRecorderTesting
import Synchronization

@testable import Study

/// A running session on a manual clock: a scripted source behind a real ``DataController`` and
/// ``QualityMonitor``, both on a StudyRecorderTesting `ManualClock`, so a test decides when time
/// passes and minutes of a session run in milliseconds.
struct ManualClockSession {
    let clock: ManualClock
    let controller: DataController
    let monitor: QualityMonitor
    let study: StudyDefinition
    let interface: ScriptedInterface

    /// Starts `script` on a fresh manual clock (the source's first samples arrive when the clock moves,
    /// as `paced` scripts deliver them), with `interface` as the participant; `timeScale` is the
    /// source's speed (the monitor's link-loss grace is signal time).
    static func start(
        _ script: [ScriptedSource.Step], interface: ScriptedInterface = ScriptedInterface(), timeScale: Double = 1
    ) async throws -> ManualClockSession {
        let clock = ManualClock()
        let controller = DataController(source: ScriptedSource(script: script), clock: clock)
        let monitor = await QualityMonitor(controller: controller, mains: 50, timeScale: timeScale)
        try await controller.start()
        _ = await controller.waitUntilStarted()
        let study = try StudyLoader.load(folder: FixturePaths.studies.appendingPathComponent("mynd-example"))
        return ManualClockSession(clock: clock, controller: controller, monitor: monitor, study: study, interface: interface)
    }

    /// The context the preparation and the block player run in, paced at real speed on the clock.
    var context: SessionContext {
        SessionContext(
            study: study, locale: "de", values: [:], interface: interface, controller: controller, monitor: monitor,
            pacer: Pacer(speed: 1, clock: clock), cues: .speech)
    }

    /// `seconds` of 10 µV signal delivered as the clock passes: each `step` of manual time brings the
    /// step's samples, after it (as a device delivers what it measured).
    static func paced(_ seconds: Double, step: Double = 1.0 / 32) -> [ScriptedSource.Step] {
        let steps = Int((seconds / step).rounded())
        return (0..<steps).flatMap { _ in [ScriptedSource.Step.wait(seconds: step), .signal(seconds: step, amplitude: 10)] }
    }

    /// Moves the clock in steps of `step` until `done()` or `limit` seconds of manual time passed;
    /// after each step, waits until `sleepers` tasks sleep on the clock again (or `done()`), so the
    /// next step never races the woken tasks.
    func advance(by total: Double, step: Double = 1.0 / 32, sleepers: Int, until done: () -> Bool = { false }) async {
        var moved = 0.0
        while moved < total && !done() {
            await clock.advance(by: step)
            moved += step
            let deadline = ContinuousClock.now + .seconds(20)
            while !done() && clock.sleeperCount < sleepers && !Task.isCancelled && ContinuousClock.now < deadline { await Task.yield() }
        }
    }

    /// Waits until `sleepers` tasks sleep on the clock, or `done()` (a task that ended early sleeps no
    /// more: the test then fails on its expectations instead of hanging).
    func settle(_ sleepers: Int, unless done: () -> Bool) async {
        // Bounded in wall time and by cancellation, so a broken rule fails the test instead of
        // spinning forever (a time limit cannot stop a loop that never suspends for long).
        let deadline = ContinuousClock.now + .seconds(20)
        while !done() && clock.sleeperCount < sleepers && !Task.isCancelled && ContinuousClock.now < deadline { await Task.yield() }
    }

    func stop() async {
        monitor.stop()
        await controller.stop()
    }
}

/// A flag set from a task and read by the test.
final class Flag: Sendable {
    private let value = Mutex(false)
    var isSet: Bool { value.withLock { $0 } }
    func set() { value.withLock { $0 = true } }
}
