public import DataSources
import Foundation

/// How the runner talks to the participant. The command line implements it on the terminal; tests
/// and scripted runs use ``ScriptedInterface``. Every method may suspend; one that throws
/// `CancellationError` ends the current block cleanly (what was recorded is stored as incomplete).
public protocol ParticipantInterface: Sendable {
    /// Shows a screen of text (an instruction, a prompt, a consent page).
    func show(_ text: String, title: String?) async
    /// Shows a one-line status that replaces the previous one (fitting progress, block progress).
    func status(_ line: String) async
    /// Waits until the participant acknowledges (presses Enter).
    func acknowledge(_ prompt: String) async throws
    /// Asks for a line of text (a questionnaire answer, the consent phrase, a name). `id` names what is
    /// asked (the question's id, or `consent`, `name`, `helperName`) for scripted answers; `problem`
    /// is why the previous input was refused.
    func ask(_ prompt: String, id: String, problem: String?) async throws -> String
    /// A cue for phases the participant may not watch (eyes closed): speech or the terminal bell.
    func cue(_ text: String, mode: CueMode) async
    /// Waits for a single key press (raw: no Enter needed) until `clock` reads `deadline` (monotonic
    /// seconds); returns which key and when it was read on `clock` (``KeyPress/at``, read the moment
    /// the key arrived), or `nil` when the deadline passed or the task was cancelled. `clock` is the
    /// run's host clock (``RunnerOptions/hostClock``): the deadline is waited and the press timed on
    /// it, so a test's manual clock decides when a key comes and a reaction time is exact.
    /// `beforeStimulus` tells whether the stimulus is still to come (a press then is an
    /// anticipation, and keys pressed before the wait began are discarded).
    func key(until deadline: Double, on clock: any HostClock, beforeStimulus: Bool) async -> KeyPress?
    /// Waits until the participant presses any key ("Press any key to continue"); throws
    /// `CancellationError` when cancelled.
    func anyKey(_ prompt: String) async throws
    /// Whether a script, not a person, answers, agrees and presses keys here (``ScriptedInterface``):
    /// what is stored then says so (``Provenance/scriptedParticipant``).
    var isScripted: Bool { get }
}

extension ParticipantInterface {
    /// A person answers, unless the interface says otherwise.
    public var isScripted: Bool { false }

    /// Interfaces without single-key input take an acknowledgement instead.
    public func anyKey(_ prompt: String) async throws {
        try await acknowledge(prompt)
    }
}
