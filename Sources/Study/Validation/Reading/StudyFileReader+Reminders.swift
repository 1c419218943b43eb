extension StudyFileReader {
    /// Reads `$.reminders` (``Reminders``): an optional localized `title` and `text`.
    func readReminders(_ node: JSONNode, _ path: JSONPath) -> Reminders? {
        guard let fields = reader.object(node, path, what: "the reminder texts", required: [], optional: ["title", "text"]) else {
            return nil
        }
        let title = fields.optional("title", localized)
        let text = fields.optional("text", localized)
        guard !fields.failed else { return nil }
        return Reminders(title: title, text: text)
    }
}
