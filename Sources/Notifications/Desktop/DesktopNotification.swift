/// A notification on the participant's desktop: a title (the freedesktop "summary") and a text
/// (the "body"), both plain text.
package struct DesktopNotification: Sendable, Hashable, Codable {
    /// The title line.
    package var title: String
    /// The text under it.
    package var text: String

    /// Creates a notification.
    package init(title: String, text: String) {
        self.title = title
        self.text = text
    }
}
