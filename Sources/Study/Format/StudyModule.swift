/// Study protocols as data: the study file format, its validation, the seeded expansion of sessions
/// into concrete trials, and the multi-day schedule.
package enum StudyModule {
    /// The newest study-file format version this build understands.
    package static let formatVersion = 1
}
