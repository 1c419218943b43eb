import ArgumentParser
import Foundation
import Storage

/// `study-recorder recover`: turns what a crash left in the data folder into valid, catalogued files.
struct RecoverCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recover",
        abstract: "Rebuild recordings interrupted by a crash and catalogue files found without an entry.",
        discussion:
            "Runs automatically before every recording; safe while another process records (its files are left alone). Exits 1 if anything needs a person."
    )

    @OptionGroup var data: DataOptions

    @Flag(help: "Print the report as JSON on standard output.")
    var json = false

    func run() async throws {
        let store = try await data.openExistingStore()
        let report = await Recovery.run(store: store)
        if json {
            try Terminal.printJSON(RecoverySummary(report))
        } else if report.isEmpty && report.inProgress.isEmpty {
            print("nothing to recover in \(store.root.path)")
        } else {
            for item in report.rebuilt { print("rebuilt   \(item.path) (incomplete, from its journal)") }
            for item in report.completed { print("completed \(item.path)") }
            for item in report.adopted { print("adopted   \(item.path)") }
            for path in report.inProgress { print("busy      \(path) (being recorded by another process)") }
            for problem in report.problems { print("problem   \(problem)") }
            for line in report.quarantined { print("damaged   \(line)") }
            for line in report.healed { print("healed    \(line)") }
        }
        if !report.problems.isEmpty { throw CommandError.reported(.problems) }
    }
}

/// The JSON shape of a recovery report.
struct RecoverySummary: Encodable {
    var rebuilt: [String], completed: [String], adopted: [String], inProgress: [String], problems: [String], quarantined: [String]
    var healed: [String]

    init(_ r: RecoveryReport) {
        rebuilt = r.rebuilt.map(\.path)
        completed = r.completed.map(\.path)
        adopted = r.adopted.map(\.path)
        inProgress = r.inProgress
        problems = r.problems
        quarantined = r.quarantined
        healed = r.healed
    }
}
