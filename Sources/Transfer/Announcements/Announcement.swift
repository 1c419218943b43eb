import Foundation

/// An announcement ready to show: the message for the participant's locale, with placeholders filled.
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
    /// The filled title.
    public var title: String
    /// The filled text.
    public var text: String
    /// When the device received it.
    public var received: Date
    /// True when it was fetched in this check (not shown before).
    public var isNew: Bool
}
