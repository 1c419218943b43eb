import ArgumentParser
import Foundation
import Storage
import Study

/// The study a command works on, the participant's language, and the time to act at.
struct StudyOptions: ParsableArguments {
    @Argument(help: "The study folder (holding study.json), e.g. Studies/mynd-example.")
    var study: String

    @Option(help: "The participant's locale (e.g. de); texts fall back to the study's default.")
    var locale: String?

    @Option(help: "Act as if it were this time (ISO 8601, e.g. 2026-11-22T08:00:00Z): for trying multi-day protocols.")
    var now: String?

    func validate() throws {
        if let now, UTCTimestamp.date(fromISO8601: now) == nil {
            throw ValidationError("--now must be an ISO 8601 time such as 2026-11-22T08:00:00Z")
        }
    }

    /// The study, or exit 66 (missing) / 65 (invalid) with the validation errors, or 64 when
    /// `--locale` names a language the study is not written in.
    func load() throws -> StudyDefinition {
        let definition = try StudyLoader.load(folder: URL(fileURLWithPath: study))
        if let locale, definition.locale(serving: locale) == nil {
            throw CommandError.invalidOption("unknown --locale '\(locale)': study '\(definition.id)' is written for \(definition.locales.joined(separator: ", "))")
        }
        return definition
    }

    /// The clock `--now` asks for.
    var clock: any StudyClock {
        now.flatMap { UTCTimestamp.date(fromISO8601: $0) }.map { FixedStudyClock($0) } ?? SystemStudyClock()
    }
}
