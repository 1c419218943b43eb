/// One key the participant pressed, read in raw mode (no Enter needed) and timed when it was read.
public struct KeyPress: Sendable, Hashable {
    /// The key: `space`, `enter`, `escape`, `backspace`, `tab`, a printable character in lower case
    /// (`a`, `7`, `ä`), or `other` (an arrow or function key, a control character).
    public var key: String
    /// When it was read: seconds on the monotonic scale of the host clock the wait ran on (the clock
    /// passed to ``ParticipantInterface/key(until:on:beforeStimulus:)``, the run's
    /// ``RunnerOptions/hostClock``), so the runner measures latencies and places markers on the same
    /// clock as everything else in the run.
    public var at: Double

    /// Creates a key press.
    public init(key: String, at: Double) {
        self.key = key
        self.at = at
    }

    /// Whether this key answers a task whose ``ReactionTimeTask/responseKey`` is `responseKey`
    /// (`any` accepts every key).
    public func matches(_ responseKey: String) -> Bool {
        Self.key(key, answers: responseKey)
    }

    /// Whether the key named `key` answers a task whose response key is `responseKey` (`any`
    /// accepts every key): the rule ``matches(_:)`` applies, for a key known only by name.
    public static func key(_ key: String, answers responseKey: String) -> Bool {
        responseKey == "any" || key == responseKey
    }
}
