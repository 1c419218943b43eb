extension StudyFileReader {
    /// Reads `$.consent`.
    func readConsent(_ node: JSONNode, _ path: JSONPath) -> Consent? {
        guard
            let fields = reader.object(
                node, path, what: "the consent", required: ["title", "pages", "agreement", "agreementPhrase"],
                optional: ["questions"])
        else { return nil }
        let title = fields.required("title", localized)
        let pages = fields.required("pages") { node, path in
            reader.array(node, path, what: "the consent pages", nonEmpty: true).flatMap { elements in
                collect(elements.map { readConsentPage($0.node, $0.path) })
            }
        }
        let agreement = fields.required("agreement", localized)
        let phrase = fields.required("agreementPhrase", localized)
        let questions = fields.value("questions", default: [Question]()) { readQuestions($0, $1) }
        guard let title, let pages, let agreement, let phrase, let questions, !fields.failed else { return nil }
        return Consent(title: title, pages: pages, agreement: agreement, agreementPhrase: phrase, questions: questions)
    }

    private func readConsentPage(_ node: JSONNode, _ path: JSONPath) -> ConsentPage? {
        guard
            let fields = reader.object(
                node, path, what: "a consent page", required: ["topic", "content"], optional: ["title", "summary"])
        else { return nil }
        let topic = fields.required("topic") { reader.choice($0, $1, what: "a consent topic") as ConsentTopic? }
        let title = fields.optional("title", localized)
        let summary = fields.optional("summary", localized)
        let content = fields.required("content", localized)
        guard let topic, let content, !fields.failed else { return nil }
        return ConsentPage(topic: topic, title: title, summary: summary, content: content)
    }
}
