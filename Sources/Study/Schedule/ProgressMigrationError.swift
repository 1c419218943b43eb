/// A participant's progress that cannot move to the study's new protocol
/// (``ProgressMigration/Outcome/refused(_:)``): the progress file and one reason per line. Nothing
/// was changed.
public struct ProgressMigrationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The progress file.
    public var file: String
    /// Why it cannot move.
    public var refusals: [ProgressMigration.Refusal]

    /// A refusal of the progress in `file` for `refusals`.
    public init(file: String, refusals: [ProgressMigration.Refusal]) {
        self.file = file
        self.refusals = refusals
    }

    /// One line per reason, each naming the progress file, then what is left to do.
    public var description: String {
        (refusals.map { "\(file): \($0)" }
            + ["\(file): not migrated; enrol the participant again, or go back to the protocol they enrolled in"])
            .joined(separator: "\n")
    }
}
