public import Foundation

/// The record of a participant's informed consent: what was shown, what was typed to agree, and the
/// signature. It is the one stored file that holds the participant's name (as the signature), so it is
/// encrypted whenever the study has a key and is never uploaded unencrypted.
public struct ConsentRecord: Sendable, Equatable, Codable {
    /// Always `study-recorder-consent`.
    public var format = "study-recorder-consent"
    /// The version of this JSON layout.
    public var formatVersion = 1
    /// The study's identifier and version.
    public var study: String
    /// The study file's version.
    public var studyVersion: String?
    /// The participant's UUID.
    public var participant: String
    /// The locale the consent was shown in.
    public var locale: String
    /// When the participant agreed.
    public var consentedAt: Date
    /// The consent's title and every page as shown (placeholders filled).
    public var title: String
    /// The pages as shown.
    public var pages: [String]
    /// The agreement text as shown.
    public var agreement: String
    /// The phrase the participant typed to agree.
    public var typedAgreement: String
    /// The signature: the participant's name as typed.
    public var signature: String
    /// The helper (caregiver) who assisted, if any, as typed.
    public var helperName: String?
    /// Where the record came from: whether a script stood in for the participant (`--auto`), the
    /// speed, the software and the command line (``Provenance``); `nil` in records written before it.
    public var provenance: Provenance?

    /// Creates a record.
    public init(
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
