public import DataSources
public import Foundation
public import Storage

/// How a study is run: language, pacing, reproducibility, and how much the participant is asked.
public struct RunnerOptions: Sendable {
    /// The participant's locale (`de`); texts fall back per the study's rules.
    public var locale: String?
    /// Run phases (and, through the source, the signal) this many times faster than real time.
    public var speed: Double
    /// Seed of the study's draws (shuffles, jitter, task numbers); `nil` derives one from the
    /// participant's UUID, so a resumed block repeats exactly.
    public var seed: UInt64?
    /// Acknowledge prompts and fill unanswered required questions with a valid default (demos, CI).
    public var automatic: Bool
    /// Show the short version of preparation instructions where the study has one.
    public var shortInstructions: Bool
    /// The clock deciding which day is open (an injected clock makes multi-day runs testable).
    public var clock: any StudyClock
    /// Upload pending items after the session, when the study's transfer policy says so.
    public var uploadAfterSession: Bool
    /// The host clock the run reads time and waits on: phase and block timing, reaction-time trials
    /// (onset, stimulus, response deadline, the instants keys are read at), fitting timeouts, the
    /// disconnection grace and the data controller it creates. A test passes a manual clock
    /// (StudyRecorderTesting's `ManualClock`) to run minutes of a session in milliseconds.
    public var hostClock: any HostClock
    /// Store every time on Lab Streaming Layer's clock too, through this mapping (`--clock lsl`).
    public var lslClock: LSLClockMapping?
    /// The participant's time zone, in which the consent document states when they signed.
    public var timeZone: TimeZone = .current
    /// The command line that runs the study, identifying values already left out
    /// (``Provenance/redacting(_:)``), stored in every item's provenance; `nil` for a program using the kit.
    public var commandLine: [String]?

    /// The provenance of what a run with these options stores through `interface`: scripted when
    /// the options are automatic (`--auto`) or the interface is a script, at the options' speed.
    public func provenance(interface: any ParticipantInterface) -> Provenance {
        Provenance(scriptedParticipant: automatic || interface.isScripted, speed: speed, commandLine: commandLine)
    }

    /// Creates options.
    public init(
        locale: String? = nil, speed: Double = 1, seed: UInt64? = nil, automatic: Bool = false, shortInstructions: Bool = false,
        clock: any StudyClock = SystemStudyClock(), uploadAfterSession: Bool = true, lslClock: LSLClockMapping? = nil,
        hostClock: any HostClock = SystemHostClock()
    ) {
        self.hostClock = hostClock
        self.lslClock = lslClock
        self.locale = locale
        self.speed = speed
        self.seed = seed
        self.automatic = automatic
        self.shortInstructions = shortInstructions
        self.clock = clock
        self.uploadAfterSession = uploadAfterSession
    }
}
