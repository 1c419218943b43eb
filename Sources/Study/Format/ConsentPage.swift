/// One page of the consent document.
package struct ConsentPage: Sendable, Hashable, Codable {
    /// The topic, as in ResearchKit's consent sections (used for the default heading).
    package var topic: ConsentTopic
    /// The heading; defaults to the topic's.
    package var title: LocalizedText?
    /// A one-paragraph summary shown first.
    package var summary: LocalizedText?
    /// The full text.
    package var content: LocalizedText

    /// Creates a page.
    package init(topic: ConsentTopic, title: LocalizedText? = nil, summary: LocalizedText? = nil, content: LocalizedText) {
        self.topic = topic
        self.title = title
        self.summary = summary
        self.content = content
    }
}
