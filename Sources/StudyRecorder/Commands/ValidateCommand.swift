import ArgumentParser
import Foundation
import Study

/// `study-recorder validate <study-folder> [--json]`: checks a study before anything runs.
///
/// Exit status 0 when the study is valid, 65 (`EX_DATAERR`) when it has errors, 66 (`EX_NOINPUT`)
/// when there is no study file. Errors are printed one per line as
/// `file:line:column: $.path: expected …`, or as a JSON array with `--json`.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check a study folder (Studies/<name>/study.json) and list every mistake with its place."
    )

    /// The study folder, or the study file itself.
    @Argument(help: "The study folder (holding study.json), or a study file.")
    var study: String

    /// Print the result as JSON.
    @Flag(help: "Print a JSON object {valid, errors:[{file,line,column,path,expected}]}.")
    var json = false

    /// The exit status for an invalid study (sysexits `EX_DATAERR`).
    static let invalidStatus: Int32 = 65
    /// The exit status for a missing study file (sysexits `EX_NOINPUT`).
    static let missingStatus: Int32 = 66

    func run() throws {
        let folder = URL(fileURLWithPath: study)
        let displayPath = StudyLoader.studyFile(in: URL(fileURLWithPath: study, relativeTo: nil)).relativePath
        let loaded: Result<StudyDefinition, StudyLoadError>
        do {
            loaded = .success(try StudyLoader.load(folder: folder, displayPath: displayPath))
        } catch {
            loaded = .failure(error)
        }
        switch loaded {
        case .success(let definition):
            if json {
                try printJSON(Report(valid: true, errors: []))
            } else {
                print("\(displayPath): valid: study '\(definition.id)', \(definition.days.count) days, \(definition.items.count) sessions")
            }
        case .failure(.missing):
            if json {
                try printJSON(Report(valid: false, errors: [], missing: displayPath))
            } else {
                FileHandle.standardError.write(Data("\(StudyLoadError.missing(path: displayPath).description)\n".utf8))
            }
            throw ExitCode(Self.missingStatus)
        case .failure(.invalid(let failure)):
            if json {
                try printJSON(Report(valid: false, errors: failure.errors))
            } else {
                for line in failure.errors { print(line.description) }
                FileHandle.standardError.write(Data("\(failure.errors.count) error(s) in \(displayPath)\n".utf8))
            }
            throw ExitCode(Self.invalidStatus)
        }
    }

    /// The `--json` output.
    struct Report: Encodable {
        var valid: Bool
        var errors: [StudyValidationError]
        var missing: String?
    }

    private func printJSON(_ report: Report) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        print(String(decoding: try encoder.encode(report), as: UTF8.self))
    }
}
