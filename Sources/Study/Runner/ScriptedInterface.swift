public import DataSources
import Foundation
import Synchronization

/// A participant who needs no terminal: acknowledges every prompt, answers from a table (question id →
/// text, e.g. from `--answers FILE`), and presses keys after seeded, human-like reaction times, or
/// exactly as scripted (``ScriptedReaction``). For demos, CI and end-to-end tests (`--auto`). What it
/// is shown is kept in ``transcript``.
package final class ScriptedInterface: ParticipantInterface, Sendable {
    /// Answers by question id, or by prompt for free-form asks (`consent`, `name`).
    package let answers: [String: String]
    /// How much faster than real time the run goes (reaction times shrink with it).
    package let speed: Double
    /// The key the scripted participant presses (`space` unless told).
    package let responseKey: String
    /// Always true: everything it answers, agrees to and presses is scripted.
    package var isScripted: Bool { true }
    private let state: Mutex<State>
    private let echo: (@Sendable (String) -> Void)?

    private struct State {
        var rng: SplitMix64
        var transcript: [String] = []
        /// The scripted reactions of the trials still to come, first first.
        var reactions: [ScriptedReaction]
        /// The current trial's scripted reaction, taken at its foreperiod and used in its response
        /// window; `nil` when the trial's keys are drawn.
        var current: ScriptedReaction?
        /// The run's host clock, from the current trial's foreperiod wait (to time ``show(_:title:)``).
        var clock: (any HostClock)?
        /// When the last screen of the current trial was shown (its stimulus) on ``clock``.
        var shownAt: Double?
    }

    /// Creates a scripted participant; `echo` receives every line shown (for `--auto` on a terminal).
    /// `reactions` script the reaction-time trials in order, one each (a test's exact latencies,
    /// anticipations and misses); trials after them get drawn, human-like reactions.
    package init(
        answers: [String: String] = [:], seed: UInt64 = 1, speed: Double = 1, responseKey: String = "space",
        reactions: [ScriptedReaction] = [], echo: (@Sendable (String) -> Void)? = nil
    ) {
        self.answers = answers
        self.responseKey = responseKey
        self.speed = max(speed, 1e-9)
        self.echo = echo
        state = Mutex(State(rng: SplitMix64(seed: seed ^ 0x5DEE_CE66_D1CE_4E5B), reactions: reactions))
    }

    /// Everything shown so far, one entry per screen or status.
    package var transcript: [String] { state.withLock { $0.transcript } }

    private func record(_ line: String) {
        state.withLock { $0.transcript.append(line) }
        echo?(line)
    }

    /// Records the screen; within a reaction-time trial also the moment it appeared (the stimulus),
    /// which the participant's reaction is timed from.
    package func show(_ text: String, title: String?) async {
        record(title.map { "\($0)\n\(text)" } ?? text)
        state.withLock { s in s.shownAt = s.clock?.monotonicNow() }
    }

    package func status(_ line: String) async {
        record(line)
    }

    package func acknowledge(_ prompt: String) async throws {
        try Task.checkCancellation()
    }

    /// The scripted answer for `id`, else empty (which skips an optional question or takes the
    /// default the caller offers).
    package func ask(_ prompt: String, id: String, problem: String?) async throws -> String {
        try Task.checkCancellation()
        if let problem { throw ScriptedAnswerError(prompt: "[\(id)] \(prompt)", problem: problem) }
        return answers[id] ?? ""
    }

    /// Records the cue as `(cue) text` when spoken, `(bell) text` for the bell, nothing for none.
    package func cue(_ text: String, mode: CueMode) async {
        switch mode {
        case .speech: record("(cue) \(text)")
        case .bell: record("(bell) \(text)")
        case .none: break
        }
    }

    /// Reacts like a participant, on `clock` (the run's host clock: a manual clock decides when the
    /// key comes). A trial with a ``ScriptedReaction`` presses exactly as scripted; any other draws:
    /// 220–450 ms after the stimulus (in study time: divided by the run's speed), sometimes too early
    /// (an anticipation in 4 % of foreperiods) or not at all (a miss, 2 %), pressing
    /// ``responseKey``. A press due after `deadline` is no press: the wait ends at the deadline.
    package func key(until deadline: Double, on clock: any HostClock, beforeStimulus: Bool) async -> KeyPress? {
        let waitBegan = clock.monotonicNow()
        let (scripted, shownAt) = state.withLock { s -> (ScriptedReaction?, Double?) in
            if beforeStimulus {
                s.current = s.reactions.isEmpty ? nil : s.reactions.removeFirst()
                s.clock = clock
                s.shownAt = nil
            }
            return (s.current, s.shownAt)
        }
        // A reaction is timed from the stimulus, as a person's is: the moment it was shown, not when
        // this wait began. The runner marks the stimulus in between (an actor hop to the data
        // controller), which under load can take milliseconds: at --speed 100 each one adds 100 ms
        // of study time to the latency (the suspected cause of a RunCommandTests failure under
        // load, which wants correct latencies within 150–600 ms while 220–450 ms are drawn).
        let now = beforeStimulus ? waitBegan : min(waitBegan, shownAt ?? waitBegan)
        let press: KeyPress?
        if let scripted {
            press = Self.press(scripted, at: now, deadline: deadline, beforeStimulus: beforeStimulus, speed: speed)
        } else {
            let (draw, fraction) = state.withLock { s -> (Double, Double) in (s.rng.uniform(), s.rng.uniform()) }
            let at: Double? =
                if beforeStimulus {
                    draw < 0.04 ? now + (deadline - now) * fraction : nil
                } else {
                    draw < 0.02 ? nil : now + (0.22 + 0.23 * fraction) / speed
                }
            press = at.map { KeyPress(key: responseKey, at: $0) }
        }
        guard let press, press.at <= deadline else {
            try? await clock.sleep(untilMonotonic: deadline)
            return nil
        }
        try? await clock.sleep(untilMonotonic: press.at)
        return press
    }

    /// When a scripted reaction presses its key in a wait that began at `now`: in the foreperiod (it
    /// ends at `deadline`, when the stimulus is due) for a negative offset, no sooner than the wait
    /// began; in the response window (it began with the stimulus) for the others.
    private static func press(_ reaction: ScriptedReaction, at now: Double, deadline: Double, beforeStimulus: Bool, speed: Double) -> KeyPress? {
        guard case .press(let key, let offset) = reaction else { return nil }
        if beforeStimulus {
            return offset < 0 ? KeyPress(key: key, at: max(now, deadline + offset / speed)) : nil
        }
        return offset >= 0 ? KeyPress(key: key, at: now + offset / speed) : nil
    }
}

/// A scripted answer was refused: the script must be fixed (CI should fail loudly, not loop).
package struct ScriptedAnswerError: Error, CustomStringConvertible {
    /// The question.
    package var prompt: String
    /// Why its scripted answer was refused.
    package var problem: String

    package var description: String { "scripted answer refused for \(prompt): \(problem)" }
}
