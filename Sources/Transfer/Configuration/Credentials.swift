/// A user name and password for one account. Its description never shows the password, so it can be
/// logged or printed by mistake without leaking it.
package struct Credentials: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The account name.
    package var user: String
    /// The password (never printed).
    package var password: String

    /// Credentials for `user`.
    package init(user: String, password: String) {
        self.user = user
        self.password = password
    }

    /// A one-line explanation for the terminal or a log (never a secret).
    package var description: String { "\(user):<redacted>" }
    /// The same as `description`: the password stays hidden in debug output too.
    package var debugDescription: String { description }
}
