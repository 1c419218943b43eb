public import Foundation

/// An announcement: the message in the participant's locale, its placeholders as the study team wrote
/// them until the Study layer fills them.
public struct Announcement: Sendable, Codable, Equatable {
    /// Where it came from.
    public enum Scope: String, Sendable, Codable {
        /// `message.json` at the root of the download location: for everyone.
        case global
        /// `<uuid>/message.json`: for this participant.
        case participant
    }

    /// Global or per participant.
    public var scope: Scope
    /// The message's type.
    public var type: String
    /// The chosen locale.
    public var locale: String
    /// The title.
    public var title: String
    /// The text.
    public var text: String
    /// When the device received it.
    public var received: Date
    /// True when it was fetched in this check (not shown before).
    public var isNew: Bool

    /// Creates an announcement.
    public init(scope: Scope, type: String, locale: String, title: String, text: String, received: Date, isNew: Bool) {
        self.scope = scope
        self.type = type
        self.locale = locale
        self.title = title
        self.text = text
        self.received = received
        self.isNew = isNew
    }
}
