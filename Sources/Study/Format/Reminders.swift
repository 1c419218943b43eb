/// The study file's `reminders`: the title and text of the desktop notification `study-recorder
/// remind` shows when a session is due. Either may be left out; the runtime's own words
/// (``RuntimeText/reminderTitle`` and ``RuntimeText/reminderText``, which name the study, day and
/// session) stand in for it.
public struct Reminders: Sendable, Hashable, Codable {
    /// The notification's title (its summary line).
    public var title: LocalizedText?
    /// The notification's text (its body).
    public var text: LocalizedText?

    /// Creates the reminder texts.
    public init(title: LocalizedText? = nil, text: LocalizedText? = nil) {
        self.title = title
        self.text = text
    }
}
