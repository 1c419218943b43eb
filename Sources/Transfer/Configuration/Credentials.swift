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

    /// A one-line explanation for the terminal or a log (never a secret).
    public var description: String { "\(user):<redacted>" }
    /// The same as `description`: the password stays hidden in debug output too.
    public var debugDescription: String { description }
}
