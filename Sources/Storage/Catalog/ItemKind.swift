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
}
