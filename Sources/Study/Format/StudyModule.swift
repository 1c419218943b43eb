/// Study protocols as data: the study file format, its validation, the seeded expansion of sessions
/// into concrete trials, and the multi-day schedule.
public enum StudyModule {
    /// The newest study-file format version this build understands.
    public static let formatVersion = 1
}
