import Foundation
import Transfer

/// A failure only the CLI knows: what was wrong with the command line or the files it names, or how a
/// command ended after printing its own result. Commands throw it, or a library's error as it is;
/// ``ExitStatus`` alone maps both to the exit code, so the same failure exits the same way in every
/// command. No case carries a code.
enum CommandError: Error, CustomStringConvertible {
    /// A value on the command line that is not one (an option's value, a `--locale` the study is not
    /// written for).
    case invalidOption(String)
    /// A file, folder, item or participant the command line names does not exist.
    case missingInput(String)
    /// A file the command line names exists and cannot be used as what it was named for; `prefixed`:
    /// whether the line follows the tool's name (a file's own complaint, `path: problem`, does not).
    case malformedInput(String, prefixed: Bool = true)
    /// A file named as a recording (played back, analysed) that cannot be read as one, with why.
    case unreadableRecording(any Error, line: String)
    /// An item the command line names is not ready for the command yet (still being written or
    /// recovered).
    case notReady(String)
    /// The configuration lacks what the command needs.
    case notConfigured(String)
    /// Something the command line asks for cannot be reached: liblsl, an OSC host.
    case unavailable(any Error, line: String)
    /// The data folder cannot be used as one (neither opened nor created).
    case unusableDataFolder(any Error)
    /// The configuration names something that cannot be used (an announcements server, a key).
    case unusableConfiguration(any Error)
    /// The command was stopped by SIGINT or SIGTERM (`signal`; a command that does not tell them
    /// apart says SIGINT), said in `line`.
    case interrupted(String, signal: Int32 = SIGINT)
    /// A library error said in the command's words (a file's name in front, the participant's
    /// language): exits with the error's code in the table.
    case reworded(any Error, line: String, prefixed: Bool = true)
    /// The command has printed its own result, which says what the exit code says.
    case reported(Outcome)

    /// How a command that printed its own result ended.
    enum Outcome {
        /// Problems were listed (recovery, collection).
        case problems
        /// Some of the work was deferred: run again later (collection, an incomplete session).
        case deferred
        /// Everything was done and a participant needs the experimenter's attention.
        case flagged
        /// Stopped by `signal` (SIGINT or SIGTERM) after what was stored was said.
        case interrupted(signal: Int32)
        /// The source failed with `error`, which was said.
        case sourceFailed(any Error)
        /// The signal never became good enough (`check --until-good`), or nothing was recorded.
        case notAchieved
        /// A study file that is not there, its complaint printed.
        case studyMissing
        /// A study file with errors, each printed.
        case studyInvalid
        /// A file named as an input that cannot be read, said.
        case unreadableInput
        /// A file named as an input that holds nothing usable, said.
        case unusableInput
        /// A resource the command makes (the simulated headband's socket) cannot be made, said.
        case cannotCreate
        /// How an upload ended (the policy is Transfer's ``UploadReport/Conclusion``).
        case upload(UploadReport.Conclusion)
    }

    var description: String {
        switch self {
        case .invalidOption(let line), .missingInput(let line), .malformedInput(let line, _), .notReady(let line), .notConfigured(let line):
            line
        case .unreadableRecording(_, let line), .unavailable(_, let line), .interrupted(let line, _), .reworded(_, let line, _): line
        case .unusableDataFolder(let error), .unusableConfiguration(let error): CommandHint.line("\(error)", for: error)
        case .reported(let outcome): "\(outcome)"
        }
    }
}

extension CommandError {
    /// `error` as the table says it, exiting with its code there, or 1 with its own description
    /// when the table does not know it (never ArgumentParser's wording).
    static func stated(_ error: any Error) -> CommandError {
        .reworded(error, line: CommandHint.line("\(error)", for: error))
    }

    /// `error` from reading a file named as a recording, said as it describes itself.
    static func unreadableRecording(_ error: any Error) -> CommandError {
        .unreadableRecording(error, line: CommandHint.line("\(error)", for: error))
    }

    /// `error` from setting up something the command line asks for, said as it describes itself.
    static func unavailable(_ error: any Error) -> CommandError {
        .unavailable(error, line: "\(error)")
    }
}
