/// A participant's progress that cannot move to the study's new protocol
/// (``ProgressMigration/Outcome/refused(_:)``): the progress file and one reason per line. Nothing
/// was changed.
package struct ProgressMigrationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The progress file.
    package var file: String
    /// Why it cannot move.
    package var refusals: [ProgressMigration.Refusal]

    /// A refusal of the progress in `file` for `refusals`.
    package init(file: String, refusals: [ProgressMigration.Refusal]) {
        self.file = file
        self.refusals = refusals
    }

    /// One line per reason, each naming the progress file, then what is left to do.
    package var description: String {
        (refusals.map { "\(file): \($0)" }
            + ["\(file): not migrated; enrol the participant again, or go back to the protocol they enrolled in"])
            .joined(separator: "\n")
    }
}
