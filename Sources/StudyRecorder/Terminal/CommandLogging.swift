import Foundation
import Logging
import Storage
import StudyRecorderKit

/// Logging for commands: warnings and errors to standard error, everything with `--verbose`. Log
/// lines carry file paths and UUIDs, never a participant's name.
enum CommandLogging {
    /// A logger for `command`.
    static func logger(_ command: String, verbose: Bool) -> Logger {
        var logger = Logger(label: "study-recorder.\(command)") { label in StreamLogHandler.standardError(label: label) }
        logger.logLevel = verbose ? .info : .warning
        return logger
    }

    /// Opens `store` through the kit (start-up recovery, then finishing interrupted seals when the
    /// folder encrypts at rest) and prints what that did, one line each.
    static func open(_ store: DataStore, configuration: URL, logger: Logger) async -> Recorder {
        let recorder = await Recorder(store: store, transferConfiguration: configuration, logger: logger)
        report(opened: recorder)
        return recorder
    }

    /// Prints what opening the folder through `recorder` did (recovery, seal recovery), one line each.
    @Sendable static func report(opened recorder: Recorder) {
        report(recorder.recovery)
        for path in recorder.sealRecovery?.plaintextsRemoved ?? [] { Terminal.note("removed the plaintext of sealed \(path)") }
        if let problem = recorder.sealProblem { Terminal.error(problem) }
    }

    static func report(_ report: RecoveryReport) {
        for item in report.rebuilt { Terminal.note("recovered \(item.path) from its crash journal (incomplete)") }
        for item in report.completed { Terminal.note("finished cataloguing \(item.path)") }
        for item in report.adopted { Terminal.note("catalogued \(item.path), found without an entry") }
        for problem in report.problems { Terminal.note("recovery problem: \(problem)") }
        for line in report.quarantined { Terminal.note("recovery: \(line)") }
        for line in report.healed { Terminal.note("recovery healed \(line)") }
    }
}
