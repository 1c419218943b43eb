/// One study day: the sessions due on it, in order, by name.
package struct Day: Sendable, Hashable, Codable {
    /// An optional title such as "Day 1".
    package var title: LocalizedText?
    /// Names of sessions in ``StudyDefinition/sessions``; a name may occur on several days.
    package var sessions: [String]

    /// Creates a day.
    package init(title: LocalizedText? = nil, sessions: [String]) {
        self.title = title
        self.sessions = sessions
    }
}
