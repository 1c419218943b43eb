import DataSources
import Foundation
import Synchronization

/// A participant who needs no terminal: acknowledges every prompt, answers from a table (question id →
/// text, e.g. from `--answers FILE`), and presses keys after seeded, human-like reaction times. For
/// demos, CI and end-to-end tests (`--auto`). What it is shown is kept in ``transcript``.
public final class ScriptedInterface: ParticipantInterface, Sendable {
    /// Answers by question id, or by prompt for free-form asks (`consent`, `name`).
    public let answers: [String: String]
    /// How much faster than real time the run goes (reaction times shrink with it).
    public let speed: Double
    /// The key the scripted participant presses (`space` unless told).
    public let responseKey: String
    private let state: Mutex<State>
    private let echo: (@Sendable (String) -> Void)?

    private struct State {
        var rng: SplitMix64
        var transcript: [String] = []
    }

    /// Creates a scripted participant; `echo` receives every line shown (for `--auto` on a terminal).
    public init(
        answers: [String: String] = [:], seed: UInt64 = 1, speed: Double = 1, responseKey: String = "space", echo: (@Sendable (String) -> Void)? = nil
    ) {
        self.answers = answers
        self.responseKey = responseKey
        self.speed = max(speed, 1e-9)
        self.echo = echo
        state = Mutex(State(rng: SplitMix64(seed: seed ^ 0x5DEE_CE66_D1CE_4E5B)))
    }

    /// Everything shown so far, one entry per screen or status.
    public var transcript: [String] { state.withLock { $0.transcript } }

    private func record(_ line: String) {
        state.withLock { $0.transcript.append(line) }
        echo?(line)
    }

    public func show(_ text: String, title: String?) async {
        record(title.map { "\($0)\n\(text)" } ?? text)
    }

    public func status(_ line: String) async {
        record(line)
    }

    public func acknowledge(_ prompt: String) async throws {
        try Task.checkCancellation()
    }

    /// The scripted answer for `id`, else empty (which skips an optional question or takes the
    /// default the caller offers).
    public func ask(_ prompt: String, id: String, problem: String?) async throws -> String {
        try Task.checkCancellation()
        if let problem { throw ScriptedAnswerError(prompt: "[\(id)] \(prompt)", problem: problem) }
        return answers[id] ?? ""
    }

    /// Records the cue as `(cue) text` when spoken, `(bell) text` for the bell, nothing for none.
    public func cue(_ text: String, mode: CueMode) async {
        switch mode {
        case .speech: record("(cue) \(text)")
        case .bell: record("(bell) \(text)")
        case .none: break
        }
    }

    /// Reacts like a participant: 220–450 ms after the stimulus (in study time: divided by the run's
    /// speed), sometimes too early (an anticipation in 4 % of foreperiods) or not at all (a miss, 2 %).
    /// The key pressed is ``responseKey``.
    public func key(until deadline: ContinuousClock.Instant, beforeStimulus: Bool) async -> KeyPress? {
        let now = ContinuousClock.now
        let (draw, fraction) = state.withLock { s -> (Double, Double) in (s.rng.uniform(), s.rng.uniform()) }
        let press: ContinuousClock.Instant?
        if beforeStimulus {
            press = draw < 0.04 ? now + (deadline - now) * fraction : nil
        } else {
            press = draw < 0.02 ? nil : now.advanced(by: .seconds((0.22 + 0.23 * fraction) / speed))
        }
        guard let press, press <= deadline else {
            try? await Task.sleep(until: deadline)
            return nil
        }
        try? await Task.sleep(until: press)
        return KeyPress(key: responseKey, at: press)
    }
}

/// A scripted answer was refused: the script must be fixed (CI should fail loudly, not loop).
public struct ScriptedAnswerError: Error, CustomStringConvertible {
    /// The question.
    public var prompt: String
    /// Why its scripted answer was refused.
    public var problem: String

    public var description: String { "scripted answer refused for \(prompt): \(problem)" }
}
