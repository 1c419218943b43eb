/// A user name and password for one account. Its description never shows the password, so it can be
/// logged or printed by mistake without leaking it.
public struct Credentials: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The account name.
    public var user: String
    /// The password (never printed).
    public var password: String

    /// Credentials for `user`.
    public init(user: String, password: String) {
        self.user = user
        self.password = password
    }

    public var description: String { "\(user):<redacted>" }
    public var debugDescription: String { description }
}
