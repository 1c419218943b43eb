/// Study protocols as data: the study file format, its validation, and the runner that takes a
/// participant through consent, questionnaires, fitting and recordings.
public enum StudyModule {
    /// The newest study-file format version this build understands.
    public static let formatVersion = 1
}
