/// The study file's `reminders`: the title and text of the desktop notification `study-recorder
/// remind` shows when a session is due. Either may be left out; the runtime's own words
/// (``RuntimeText/reminderTitle`` and ``RuntimeText/reminderText``, which name the study, day and
/// session) stand in for it.
package struct Reminders: Sendable, Hashable, Codable {
    /// The notification's title (its summary line).
    package var title: LocalizedText?
    /// The notification's text (its body).
    package var text: LocalizedText?

    /// Creates the reminder texts.
    package init(title: LocalizedText? = nil, text: LocalizedText? = nil) {
        self.title = title
        self.text = text
    }
}
