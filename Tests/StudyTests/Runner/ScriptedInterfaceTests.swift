import DataSources
import Foundation
import StudyRecorderTesting
import Synchronization
import Testing

@testable import Study

/// The scripted participant (`--auto`) reacts to the stimulus as a person does: its key comes the
/// drawn or scripted latency after the stimulus was shown, however late the runner begins waiting
/// for it. The runner marks the stimulus between showing it and waiting (an actor hop that can take
/// milliseconds on a loaded machine, 100 ms of study time at `--speed 100`); here a manual clock
/// moves on by that much in between.
struct ScriptedInterfaceTests {
    /// Set once the wait being driven has returned.
    final class Done: Sendable {
        let flag = Mutex(false)
    }

    /// Runs `wait` while moving `clock` on by `step` whenever something sleeps on it, until `wait`
    /// returns (a press due at once does not sleep at all).
    static func drive(_ clock: ManualClock, step: Double, _ wait: @escaping @Sendable () async -> KeyPress?) async -> KeyPress? {
        let done = Done()
        let task = Task {
            let press = await wait()
            done.flag.withLock { $0 = true }
            return press
        }
        while !done.flag.withLock({ $0 }) {
            if clock.sleeperCount > 0 { await clock.advance(by: step) } else { await Task.yield() }
        }
        return await task.value
    }

    /// One trial at speed 100: a foreperiod of 10 ms, the stimulus, `markingDelay` seconds before
    /// the response window's wait begins, a window of 10 ms. Returns the press and when the stimulus
    /// was shown.
    static func trial(
        _ interface: ScriptedInterface, on clock: ManualClock, markingDelay: Double
    ) async -> (early: KeyPress?, press: KeyPress?, shown: Double) {
        let foreperiodEnd = clock.monotonicNow() + 0.01
        let early = await drive(clock, step: 0.0001) { await interface.key(until: foreperiodEnd, on: clock, beforeStimulus: true) }
        if early != nil { return (early, nil, clock.monotonicNow()) }
        await interface.show("X", title: nil)
        let shown = clock.monotonicNow()
        await clock.advance(by: markingDelay)
        let windowEnd = shown + 0.01
        let press = await drive(clock, step: 0.0001) { await interface.key(until: windowEnd, on: clock, beforeStimulus: false) }
        return (nil, press, shown)
    }

    @Test func aScriptedLatencyIsTimedFromTheStimulus() async throws {
        let clock = ManualClock()
        let interface = ScriptedInterface(speed: 100, reactions: [.press("space", at: 0.3)])
        let (early, press, shown) = await Self.trial(interface, on: clock, markingDelay: 0.002)
        #expect(early == nil)
        let at = try #require(press).at
        // 300 ms of study time after the stimulus, not after the wait began 200 ms later.
        #expect(abs((at - shown) * 100 - 0.3) < 1e-9, "latency \((at - shown) * 100) s")
    }

    @Test func drawnLatenciesStayWithinTheirRangeWhenTheWaitBeginsLate() async throws {
        let clock = ManualClock()
        let interface = ScriptedInterface(seed: 5, speed: 100)
        var latencies: [Double] = []
        for _ in 0..<40 {
            let (_, press, shown) = await Self.trial(interface, on: clock, markingDelay: 0.002)
            if let press { latencies.append((press.at - shown) * 100) }
        }
        #expect(latencies.count >= 20)
        // Drawn 220–450 ms after the stimulus; the 200 ms the runner took before waiting are not added.
        #expect(latencies.allSatisfy { (0.22 - 1e-9...0.45 + 1e-9).contains($0) }, "\(latencies)")
    }
}
