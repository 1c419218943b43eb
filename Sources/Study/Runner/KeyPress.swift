/// One key the participant pressed, read in raw mode (no Enter needed) and timed when it was read.
public struct KeyPress: Sendable, Hashable {
    /// The key: `space`, `enter`, `escape`, `backspace`, `tab`, a printable character in lower case
    /// (`a`, `7`, `ä`), or `other` (an arrow or function key, a control character).
    public var key: String
    /// When it was read.
    public var at: ContinuousClock.Instant

    /// Creates a key press.
    public init(key: String, at: ContinuousClock.Instant) {
        self.key = key
        self.at = at
    }

    /// Whether this key answers a task whose ``ReactionTimeTask/responseKey`` is `responseKey`
    /// (`any` accepts every key).
    public func matches(_ responseKey: String) -> Bool {
        responseKey == "any" || key == responseKey
    }
}
