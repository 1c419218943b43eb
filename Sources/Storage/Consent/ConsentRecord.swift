public import Foundation

/// The record of a participant's informed consent: what was shown, what was typed to agree, and the
/// signature. It is the one stored file that holds the participant's name (as the signature), so it is
/// encrypted whenever the study has a key and is never uploaded unencrypted.
package struct ConsentRecord: Sendable, Equatable, Codable {
    /// Always `study-recorder-consent`.
    package var format = "study-recorder-consent"
    /// The version of this JSON layout.
    package var formatVersion = 1
    /// The study's identifier and version.
    package var study: String
    /// The study file's version.
    package var studyVersion: String?
    /// The participant's UUID.
    package var participant: String
    /// The locale the consent was shown in.
    package var locale: String
    /// When the participant agreed.
    package var consentedAt: Date
    /// The consent's title and every page as shown (placeholders filled).
    package var title: String
    /// The pages as shown.
    package var pages: [String]
    /// The agreement text as shown.
    package var agreement: String
    /// The phrase the participant typed to agree.
    package var typedAgreement: String
    /// The signature: the participant's name as typed.
    package var signature: String
    /// The helper (caregiver) who assisted, if any, as typed.
    package var helperName: String?
    /// Where the record came from: whether a script stood in for the participant (`--auto`), the
    /// speed, the software and the command line (``Provenance``); `nil` in records written before it.
    package var provenance: Provenance?

    /// Creates a record.
    package init(
        study: String, studyVersion: String?, participant: String, locale: String, consentedAt: Date, title: String, pages: [String],
        agreement: String, typedAgreement: String, signature: String, helperName: String?
    ) {
        self.study = study
        self.studyVersion = studyVersion
        self.participant = participant
        self.locale = locale
        self.consentedAt = consentedAt
        self.title = title
        self.pages = pages
        self.agreement = agreement
        self.typedAgreement = typedAgreement
        self.signature = signature
        self.helperName = helperName
    }
}
