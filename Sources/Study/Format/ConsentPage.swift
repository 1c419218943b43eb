/// One page of the consent document.
public struct ConsentPage: Sendable, Hashable, Codable {
    /// The topic, as in ResearchKit's consent sections (used for the default heading).
    public var topic: ConsentTopic
    /// The heading; defaults to the topic's.
    public var title: LocalizedText?
    /// A one-paragraph summary shown first.
    public var summary: LocalizedText?
    /// The full text.
    public var content: LocalizedText

    /// Creates a page.
    public init(topic: ConsentTopic, title: LocalizedText? = nil, summary: LocalizedText? = nil, content: LocalizedText) {
        self.topic = topic
        self.title = title
        self.summary = summary
        self.content = content
    }
}
