/// The words the consent document adds around the study's own texts, in the participant's language:
/// German for a `de` locale, English otherwise (the languages the study runner speaks).
package struct ConsentDocumentLabels: Sendable, Equatable {
    /// "Study", before the study's identifier.
    package var study: String
    /// "version", before the protocol's fingerprint.
    package var version: String
    /// The heading above the agreement text.
    package var agreement: String
    /// The label of the phrase the participant typed to agree.
    package var typedAgreement: String
    /// The label of the signature (the name as typed).
    package var signature: String
    /// The label of the helper's name.
    package var helper: String
    /// The label of the date and time of the consent.
    package var date: String
    /// The label of the participant's UUID.
    package var participant: String
    /// "Page", before the page's number in the footer.
    package var page: String
    /// "of", between the page's number and the number of pages.
    package var of: String
    /// The line a consent agreed to by a script (`enroll --auto`) carries, at its top and above the
    /// signature: it is not a participant's consent.
    package var scripted: String

    /// The labels for `locale` (a BCP 47 tag such as `de`, `de-AT` or `en`).
    package init(locale: String) {
        self = locale.lowercased().hasPrefix("de") ? .german : .english
    }

    private init(
        study: String, version: String, agreement: String, typedAgreement: String, signature: String, helper: String, date: String,
        participant: String, page: String, of: String, scripted: String
    ) {
        self.study = study
        self.version = version
        self.agreement = agreement
        self.typedAgreement = typedAgreement
        self.signature = signature
        self.helper = helper
        self.date = date
        self.participant = participant
        self.page = page
        self.of = of
        self.scripted = scripted
    }

    /// The footer of page `page` (from 1) of `pages`: "Page 1 of 3", "Seite 1 von 3".
    package func footer(_ page: Int, of pages: Int) -> String { "\(self.page) \(page) \(of) \(pages)" }

    /// English.
    package static let english = ConsentDocumentLabels(
        study: "Study", version: "version", agreement: "Agreement", typedAgreement: "Typed to agree: ",
        signature: "Signature (name as typed): ", helper: "Helped by: ", date: "Date and time: ", participant: "Participant UUID: ",
        page: "Page", of: "of",
        scripted: "NOT A PARTICIPANT'S CONSENT: agreed to and signed by a script, for a demonstration or a test.")

    /// German.
    package static let german = ConsentDocumentLabels(
        study: "Studie", version: "Version", agreement: "Einwilligung", typedAgreement: "Zur Zustimmung eingetippt: ",
        signature: "Unterschrift (Name wie eingegeben): ", helper: "Unterstützt von: ", date: "Datum und Uhrzeit: ",
        participant: "Teilnehmer-UUID: ", page: "Seite", of: "von",
        scripted:
            "KEINE EINWILLIGUNG EINER TEILNEHMENDEN PERSON: von einem Skript erteilt und unterschrieben, für eine Vorführung oder einen Test.")
}
