public import Foundation

/// An announcement: the message in the participant's locale, its placeholders as the study team wrote
/// them until the Study layer fills them.
package struct Announcement: Sendable, Codable, Equatable {
    /// Where it came from.
    package enum Scope: String, Sendable, Codable {
        /// `message.json` at the root of the download location: for everyone.
        case global
        /// `<uuid>/message.json`: for this participant.
        case participant
    }

    /// Global or per participant.
    package var scope: Scope
    /// The message's type.
    package var type: String
    /// The chosen locale.
    package var locale: String
    /// The title.
    package var title: String
    /// The text.
    package var text: String
    /// When the device received it.
    package var received: Date
    /// True when it was fetched in this check (not shown before).
    package var isNew: Bool

    /// Creates an announcement.
    package init(scope: Scope, type: String, locale: String, title: String, text: String, received: Date, isNew: Bool) {
        self.scope = scope
        self.type = type
        self.locale = locale
        self.title = title
        self.text = text
        self.received = received
        self.isNew = isNew
    }
}
