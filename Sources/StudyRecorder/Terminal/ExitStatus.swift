import ArgumentParser
import Collection
import DataSources
import Exports
import Muse
import Notifications
import Report
import Storage
import Streaming
import Study
import StudyRecorderKit
import Transfer
import Typesetting

/// The one table from what a command throws to `study-recorder`'s exit code (sysexits(3), so that
/// schedulers and scripts can act on it) and the one line printed on standard error. Commands throw;
/// ``StudyRecorderCommand/main()`` prints once and exits once. docs/operations.md ("Exit codes")
/// lists the table.
///
/// An error the table does not know (nor ArgumentParser: a wrong command line is 64) exits 1 with
/// ArgumentParser's message.
struct ExitStatus {
    /// The exit code.
    let code: ExitCode
    /// The line to print, or `nil` when the command has already said what there was to say (it
    /// threw a bare `ExitCode`).
    let line: String?
    /// Whether the line is prefixed with the tool's name; a study's validation report is printed as
    /// it is, one line per problem.
    var prefixed = true

    /// The status for `error`, or `nil` when the table does not know it.
    static func of(_ error: any Error) -> ExitStatus? {
        switch error {
        case let exit as ExitCode: ExitStatus(code: exit, line: nil)
        case let error as CommandError: status(of: error)
        case let error as RecorderError: ExitStatus(code: code(for: error), line: CommandHint.line(error.message, for: error))
        case let error as ProgressMigrationError: ExitStatus(code: .dataError, line: error.description, prefixed: false)
        case let error as StudyLoadError:
            ExitStatus(code: error.isMissing ? .noInput : .dataError, line: error.description, prefixed: false)
        case is CancellationError: ExitStatus(code: .interrupted, line: "interrupted")
        case let error as TerminationSignals.Interrupted: ExitStatus(code: ExitCode(128 + error.signal), line: "\(error)")
        default: known(error).map { ExitStatus(code: $0, line: CommandHint.line("\(error)", for: error)) }
        }
    }

    /// A wrong command line as ArgumentParser found it (64): its message as one line, with where the
    /// options are listed; `nil` for any other error.
    static func commandLine(_ error: any Error) -> ExitStatus? {
        guard StudyRecorderCommand.exitCode(for: error) == .usage else { return nil }
        let message = StudyRecorderCommand.message(for: error).split(whereSeparator: \.isNewline).joined(separator: "; ")
        return ExitStatus(code: .usage, line: "\(message) (`study-recorder help <command>` lists the options)")
    }

    /// The CLI's own failures: each case its code, a library error said in the command's words its
    /// code here; a command that printed its own result exits without a line.
    private static func status(of error: CommandError) -> ExitStatus {
        switch error {
        case .invalidOption(let line): ExitStatus(code: .usage, line: line)
        case .missingInput(let line): ExitStatus(code: .noInput, line: line)
        case .malformedInput(let line, let prefixed): ExitStatus(code: .dataError, line: line, prefixed: prefixed)
        case .unreadableRecording(_, let line): ExitStatus(code: .dataError, line: line)
        case .notReady(let line): ExitStatus(code: .temporaryFailure, line: line)
        case .notConfigured, .unusableConfiguration: ExitStatus(code: .configuration, line: error.description)
        case .unavailable(_, let line): ExitStatus(code: .unavailable, line: line)
        case .unusableDataFolder: ExitStatus(code: .cannotCreate, line: error.description)
        case .interrupted(let line, let signal): ExitStatus(code: ExitCode(128 + signal), line: line)
        case .reworded(let underlying, let line, let prefixed): ExitStatus(code: of(underlying)?.code ?? .failure, line: line, prefixed: prefixed)
        case .reported(let outcome): ExitStatus(code: code(for: outcome), line: nil)
        }
    }

    /// How a command that printed its own result ended.
    private static func code(for outcome: CommandError.Outcome) -> ExitCode {
        switch outcome {
        case .problems, .notAchieved: .failure
        case .deferred: .temporaryFailure
        case .flagged: .flagged
        case .interrupted(let signal): ExitCode(128 + signal)
        case .sourceFailed(let error): of(error)?.code ?? .failure
        case .studyMissing: .noInput
        case .studyInvalid, .unreadableInput, .unusableInput: .dataError
        case .cannotCreate: .cannotCreate
        case .upload(let conclusion): code(for: conclusion) ?? .success
        }
    }

    /// How an `upload` run ended (``UploadReport/conclusion``, the policy is Transfer's): `nil` (0)
    /// done, 75 try again later, 1 an item needs a person (restore or retire it), 78 the
    /// configuration or the account.
    private static func code(for conclusion: UploadReport.Conclusion) -> ExitCode? {
        switch conclusion {
        case .done: nil
        case .tryLater: .temporaryFailure
        case .needsPerson: .failure
        case .configuration: .configuration
        }
    }

    /// The kit's errors: by their code, else by the error underneath.
    private static func code(for error: RecorderError) -> ExitCode {
        switch error.code {
        case .busy: .temporaryFailure
        case .undecodable: .dataError
        case .configuration, .notConfigured, .sealing: .configuration
        default: error.underlying.flatMap(known) ?? .failure
        }
    }

    /// The code of the libraries' errors that print as they describe themselves.
    private static func known(_ error: any Error) -> ExitCode? {
        switch error {
        case let error as RecorderError: code(for: error)
        case let error as StorageError: code(for: error)
        case let error as DataSourceError: code(for: error)
        case let error as RunnerError: code(for: error)
        case let error as TransportError: code(for: error)
        case let error as ExportError: code(for: error)
        case let error as ReportError: code(for: error)
        case let error as ConsentPrintError: code(for: error)
        case let error as CollectionError: code(for: error)
        case let error as ReminderError: code(for: error)
        case let error as ResolutionError: code(for: error)
        case let error as ScheduleError: code(for: error)
        case is TypesettingError: .unavailable
        case let error as TransferError where error.code == .configuration: .configuration
        case is EncryptionError: .configuration
        case is LSLError, is OSCError: .unavailable
        case is TerminalInputError: .noInput
        case is ScriptedAnswerError, is AnswersFileError: .dataError
        default: nil
        }
    }

    /// The data folder: 73 when it cannot be written, 74 when the disk is full or reading or
    /// writing failed, 64 for a participant that is not one or a name several items have, 66 for a
    /// name no item has.
    private static func code(for error: StorageError) -> ExitCode {
        switch error {
        case .unwritableFolder: .cannotCreate
        case .diskFull, .io, .hdf5: .ioError
        case .participant, .ambiguousItem: .usage
        case .noSuchItem: .noInput
        default: .failure
        }
    }

    /// A source that could not start or failed: 69 when the device is unavailable, 65 for an
    /// unreadable recording, 78 for a configuration the source refused, else 1.
    private static func code(for error: DataSourceError) -> ExitCode {
        switch error {
        case .noBluetoothAdapter, .deviceNotFound, .disconnected, .unsupportedDevice, .deviceFault: .unavailable
        case .unreadableRecording: .dataError
        case .invalidConfiguration: .configuration
        default: .failure
        }
    }

    /// The headband's link (Muse): 77 when scanning or connecting is not allowed (root or
    /// CAP_NET_ADMIN and CAP_NET_RAW), else 69: Bluetooth, the adapter or the headband unavailable.
    private static func code(for error: TransportError) -> ExitCode {
        switch error {
        case .scanPermissionDenied, .permissionDenied: .permissionDenied
        default: .unavailable
        }
    }

    /// Resolving an item (`resolve`): 66 no such item or copy, 65 a copy that is not the catalogued
    /// file (or nothing to check it against, or nothing to retire), 75 being recorded or sent now,
    /// 74 reading or writing failed.
    private static func code(for error: ResolutionError) -> ExitCode {
        switch error {
        case .noSuchItem, .noCopy: .noInput
        case .mismatch, .noChecksum, .transmitted: .dataError
        case .busy: .temporaryFailure
        case .io: .ioError
        }
    }

    /// A progress file the study does not fit: 65 (another study, a changed protocol: `migrate`, a
    /// format this build cannot read), else 1.
    private static func code(for error: ScheduleError) -> ExitCode {
        switch error {
        case .otherStudy, .protocolChanged, .unsupportedFormat: .dataError
        case .notDue: .failure
        }
    }

    /// The study runner: 66 when nobody is enrolled, 65 when somebody already is, 64 without a
    /// signature, the source's code when it failed, else 1.
    private static func code(for error: RunnerError) -> ExitCode {
        switch error {
        case .notEnrolled: .noInput
        case .alreadyEnrolled: .dataError
        case .signatureMissing: .usage
        case .sourceFailed(let failure): code(for: failure)
        default: .failure
        }
    }

    /// An export: 66 missing, 65 unsupported (or demonstration data a dataset leaves out), 77
    /// encrypted without the key, 64 into the data folder, 73 unwritable, 75 not ready yet.
    private static func code(for error: ExportError) -> ExitCode {
        switch error {
        case .missing: .noInput
        case .unsupported: .dataError
        case .encrypted: .permissionDenied
        case .insideDataFolder: .usage
        case .io: .cannotCreate
        case .notReady: .temporaryFailure
        case .demonstration: .dataError
        }
    }

    /// A report: as an export.
    private static func code(for error: ReportError) -> ExitCode {
        switch error {
        case .missing: .noInput
        case .unsupported: .dataError
        case .encrypted: .permissionDenied
        case .insideDataFolder: .usage
        case .io: .cannotCreate
        }
    }

    /// Collecting a study's uploads: 75 busy or the server unreachable (try later), 78 the read
    /// account refused, 66 no such local copy, 73 the dataset cannot be written, 74 the disk full,
    /// 76 the server's listing past the limits. (Problems with single
    /// items are no error: `collect` lists them and exits 1.)
    private static func code(for error: CollectionError) -> ExitCode {
        switch error {
        case .busy, .unreachable: .temporaryFailure
        case .refused: .configuration
        case .noSource: .noInput
        case .io: .cannotCreate
        case .consentInsideDataset: .usage
        case .diskFull: .ioError
        case .untrustedAnswer: .protocolError
        }
    }

    /// A reminder: 66 nobody enrolled, 65 an unreadable progress file or reminder log, 73 the log
    /// cannot be written, 69 no desktop session bus or notification server.
    private static func code(for error: ReminderError) -> ExitCode {
        switch error {
        case .notEnrolled: .noInput
        case .unreadable: .dataError
        case .unwritable: .cannotCreate
        case .notification: .unavailable
        }
    }

    /// Printing the consent: 66 none stored, 64 which participant is unclear or --out inside the
    /// data folder, 73 --out exists or cannot be written, 77 sealed without the secret key.
    private static func code(for error: ConsentPrintError) -> ExitCode {
        switch error {
        case .missing: .noInput
        case .ambiguous, .insideDataFolder: .usage
        case .exists, .io: .cannotCreate
        case .encrypted: .permissionDenied
        }
    }
}

extension StudyLoadError {
    /// Whether there is no study file (rather than an invalid one).
    fileprivate var isMissing: Bool {
        if case .missing = self { return true }
        return false
    }
}
