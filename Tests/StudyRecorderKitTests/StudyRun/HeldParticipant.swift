import DataSources
import Study
import Synchronization

/// A scripted participant who stops at the first screen or question until the test lets them go
/// on: a study run that is surely under way (its lock held, its session begun) for as long as the
/// test needs one.
final class HeldParticipant: ParticipantInterface, Sendable {
    private let scripted: ScriptedInterface
    private let holding = Mutex(true)
    private let arrival = AsyncStream<Void>.makeStream()
    private let release = AsyncStream<Void>.makeStream()

    /// A participant who, once let go, behaves as `scripted`.
    init(_ scripted: ScriptedInterface) { self.scripted = scripted }

    /// Returns once the run has reached the participant's first screen or question.
    func arrived() async {
        for await _ in arrival.stream { return }
    }

    /// Lets the participant go on.
    func letGo() { release.continuation.yield() }

    private func holdAtFirst() async {
        guard holding.withLock({ first in defer { first = false }; return first }) else { return }
        arrival.continuation.yield()
        for await _ in release.stream { return }
    }

    func show(_ text: String, title: String?) async {
        await holdAtFirst()
        await scripted.show(text, title: title)
    }

    func status(_ line: String) async { await scripted.status(line) }

    func acknowledge(_ prompt: String) async throws {
        await holdAtFirst()
        try await scripted.acknowledge(prompt)
    }

    func ask(_ prompt: String, id: String, problem: String?) async throws -> String {
        await holdAtFirst()
        return try await scripted.ask(prompt, id: id, problem: problem)
    }

    func cue(_ text: String, mode: CueMode) async { await scripted.cue(text, mode: mode) }

    func key(until deadline: Double, on clock: any HostClock, beforeStimulus: Bool) async -> KeyPress? {
        await scripted.key(until: deadline, on: clock, beforeStimulus: beforeStimulus)
    }
}
