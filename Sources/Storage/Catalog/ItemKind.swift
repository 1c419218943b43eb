/// What a stored item is; decides how it is named, encrypted and uploaded.
public enum ItemKind: String, Sendable, Codable, CaseIterable {
    /// An EEG recording (one block = one run = one HDF5 file).
    case recording
    /// Questionnaire answers (JSON).
    case questionnaire
    /// The consent record; the one file that holds the participant's name (as the signature).
    case consent
    /// A task's trial table, e.g. reaction times (JSON).
    case trials
    /// The signed consent typeset as a PDF, as ethics boards ask for it; it holds the participant's
    /// name like the consent record and is protected like it.
    case consentPDF

    /// Whether items of this kind hold the participant's name (the consent record and its PDF): they
    /// are readable by the owner only and never leave the device unencrypted.
    public var holdsName: Bool { self == .consent || self == .consentPDF }
}
