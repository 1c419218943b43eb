import ArgumentParser
import Foundation
import Storage
import Study
import StudyRecorderKit

/// `study-recorder migrate STUDY`: moves the enrolled participant's progress to the study's changed
/// protocol, or refuses and says why, one line per reason (``ProgressMigration`` holds the rules,
/// the kit the lock and the files).
struct MigrateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Move a participant's progress to the study's changed days or sessions, or say why not.",
        discussion: """
            Needed when `status` or `run` says the study's days or sessions changed since enrolment. Safe \
            changes are applied: days added at the end, items added at the end of a day that is not over, \
            items the participant has not begun changed or removed (texts, questions and trials never \
            need this). Anything else is refused, one line per reason, and nothing changes. The progress \
            before is kept beside it (progress/<study>.before-<fingerprint>.json). \
            docs/study-format.md ("Changing a study after enrolment") has the rules.

            Exit status: 0 migrated (or nothing to do), 65 refused (or the study file invalid), 66 no \
            study or nobody enrolled, 75 a `run` of the study is active.
            """)

    @Argument(help: "The study folder (holding study.json) with the changed protocol.")
    var study: String

    @OptionGroup var data: DataOptions

    @Flag(help: "Print {file, migrated, keptBefore, changes} as JSON on standard output.")
    var json = false

    func run() async throws {
        let definition = try StudyLoader.load(folder: URL(fileURLWithPath: study))
        let store = try await data.openExistingStore()
        let result = try StudyProgressMigration.migrate(study: definition, store: store)
        if json {
            try Terminal.printJSON(result)
        } else if !result.migrated {
            print("\(result.file): already fits the study's protocol; nothing to migrate")
        } else {
            for change in result.changes { print(change) }
            print("\(result.file): migrated to the study's protocol; the progress before is kept as \(result.keptBefore ?? "?")")
        }
    }
}
