/// One study day: the sessions due on it, in order, by name.
public struct Day: Sendable, Hashable, Codable {
    /// An optional title such as "Day 1".
    public var title: LocalizedText?
    /// Names of sessions in ``StudyDefinition/sessions``; a name may occur on several days.
    public var sessions: [String]

    /// Creates a day.
    public init(title: LocalizedText? = nil, sessions: [String]) {
        self.title = title
        self.sessions = sessions
    }
}
