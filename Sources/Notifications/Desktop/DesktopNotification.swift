/// A notification on the participant's desktop: a title (the freedesktop "summary") and a text
/// (the "body"), both plain text.
public struct DesktopNotification: Sendable, Hashable, Codable {
    /// The title line.
    public var title: String
    /// The text under it.
    public var text: String

    /// Creates a notification.
    public init(title: String, text: String) {
        self.title = title
        self.text = text
    }
}
