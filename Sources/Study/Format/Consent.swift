/// The informed-consent document, shown page by page before enrolment; the participant types the
/// agreement phrase and their name as signature.
package struct Consent: Sendable, Hashable, Codable {
    /// The document title.
    package var title: LocalizedText
    /// The pages in order.
    package var pages: [ConsentPage]
    /// The text of the signature page.
    package var agreement: LocalizedText
    /// What the participant must type to agree (e.g. "I agree" / "Ich stimme zu").
    package var agreementPhrase: LocalizedText
    /// Questions asked after agreeing (e.g. the name used in texts as `#patientName#`).
    package var questions: [Question]

    /// Creates a consent document.
    package init(
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
