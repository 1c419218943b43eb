/// The informed-consent document, shown page by page before enrolment; the participant types the
/// agreement phrase and their name as signature.
public struct Consent: Sendable, Hashable, Codable {
    /// The document title.
    public var title: LocalizedText
    /// The pages in order.
    public var pages: [ConsentPage]
    /// The text of the signature page.
    public var agreement: LocalizedText
    /// What the participant must type to agree (e.g. "I agree" / "Ich stimme zu").
    public var agreementPhrase: LocalizedText
    /// Questions asked after agreeing (e.g. the name used in texts as `#patientName#`).
    public var questions: [Question]

    /// Creates a consent document.
    public init(
        title: LocalizedText, pages: [ConsentPage], agreement: LocalizedText, agreementPhrase: LocalizedText,
        questions: [Question] = []
    ) {
        self.title = title
        self.pages = pages
        self.agreement = agreement
        self.agreementPhrase = agreementPhrase
        self.questions = questions
    }
}

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

/// The topics of consent pages (the reference's ResearchKit section types).
public enum ConsentTopic: String, Sendable, Hashable, Codable, CaseIterable {
    /// What the study is about.
    case overview
    /// What data are collected.
    case dataGathering
    /// How privacy is protected.
    case privacy
    /// How the data are used.
    case dataUse
    /// How much time taking part needs.
    case timeCommitment
    /// The questionnaires.
    case studySurvey
    /// The tasks.
    case studyTasks
    /// How to withdraw.
    case withdrawing
    /// Anything else.
    case custom
}
