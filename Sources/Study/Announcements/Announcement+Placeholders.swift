public import Storage

extension Announcement {
    /// The announcement with its placeholders filled by the engine that fills the study's texts, in
    /// the announcement's own locale (the names' German possessive for a German message), and the
    /// names it did not know. Unknown placeholders are removed rather than shown raw: no validator
    /// saw the study team's message before it arrived.
    package func rendered(with names: ParticipantNames?) -> (announcement: Announcement, unknown: [String]) {
        let values = PlaceholderValues(locale: locale, names: names).dictionary
        let title = Placeholders.fillAll(title, with: values)
        let text = Placeholders.fillAll(text, with: values)
        var filled = self
        filled.title = title.text
        filled.text = text.text
        var unknown = title.unknown
        for name in text.unknown where !unknown.contains(name) { unknown.append(name) }
        return (filled, unknown)
    }
}
