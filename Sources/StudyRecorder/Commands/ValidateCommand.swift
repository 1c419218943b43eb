import ArgumentParser
import Foundation
import Study

/// `study-recorder validate <study-folder> [--json]`: checks a study before anything runs.
///
/// Exit status 0 when the study is valid, 65 (`EX_DATAERR`) when it has errors, 66 (`EX_NOINPUT`)
/// when there is no study file. Errors are printed one per line as
/// `file:line:column: $.path: expected …` on standard output (warnings, `… warning: …`, on standard
/// error), or as one JSON object with `--json`.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check a study folder (Studies/<name>/study.json) and list every mistake with its place."
    )

    /// The study folder, or the study file itself.
    @Argument(help: "The study folder (holding study.json), or a study file.")
    var study: String

    /// A locale the study must be written for (what `run --locale` will be given).
    @Option(help: "Also check that the study is written for this locale (as `run --locale` would use it); exit 64 if not.")
    var locale: String?

    /// Print the result as JSON.
    @Flag(help: "Print a JSON object {valid, errors:[{file,line,column,path,expected}], warnings:[{file,line,column,path,message}]}.")
    var json = false

    func run() throws {
        let folder = URL(fileURLWithPath: study)
        let displayPath = StudyLoader.studyFile(in: URL(fileURLWithPath: study, relativeTo: nil)).relativePath
        let report: StudyValidationReport
        do {
            report = try StudyLoader.check(folder: folder, displayPath: displayPath)
        } catch {
            if json {
                try printJSON(Report(valid: false, errors: [], warnings: [], missing: displayPath))
            } else {
                FileHandle.standardError.write(Data("\(error.description)\n".utf8))
            }
            throw CommandError.reported(.studyMissing)
        }
        if json {
            try printJSON(Report(valid: report.study != nil, errors: report.errors, warnings: report.warnings))
        } else {
            for warning in report.warnings { FileHandle.standardError.write(Data("\(warning.description)\n".utf8)) }
            for line in report.errors { print(line.description) }
        }
        guard let definition = report.study else {
            if !json { FileHandle.standardError.write(Data("\(report.errors.count) error(s) in \(displayPath)\n".utf8)) }
            throw CommandError.reported(.studyInvalid)
        }
        if let locale, definition.locale(serving: locale) == nil {
            throw CommandError.invalidOption("unknown --locale '\(locale)': study '\(definition.id)' is written for \(definition.locales.joined(separator: ", "))")
        }
        if !json {
            let warnings = report.warnings.isEmpty ? "" : ", \(report.warnings.count) warning(s)"
            print("\(displayPath): valid: study '\(definition.id)', \(Counted.text(definition.days.count, "day")), \(Counted.text(definition.items.count, "session"))\(warnings)")
        }
    }

    /// The `--json` output.
    struct Report: Encodable {
        var valid: Bool
        var errors: [StudyDiagnostic]
        var warnings: [StudyDiagnostic]
        var missing: String?
    }

    private func printJSON(_ report: Report) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        print(String(decoding: try encoder.encode(report), as: UTF8.self))
    }
}
