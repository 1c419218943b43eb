import Foundation
import Logging
import Storage
import Synchronization

/// Logging for commands: warnings and errors to standard error, everything with `--verbose`. Log
/// lines carry file paths and UUIDs, never a participant's name.
enum CommandLogging {
    /// A logger for `command`.
    static func logger(_ command: String, verbose: Bool) -> Logger {
        var logger = Logger(label: "study-recorder.\(command)") { label in StreamLogHandler.standardError(label: label) }
        logger.logLevel = verbose ? .info : .warning
        return logger
    }

    /// Prints what start-up recovery did, if anything.
    static func report(_ report: RecoveryReport) {
        for item in report.rebuilt { Terminal.note("recovered \(item.path) from its crash journal (incomplete)") }
        for item in report.completed { Terminal.note("finished cataloguing \(item.path)") }
        for item in report.adopted { Terminal.note("catalogued \(item.path), found without an entry") }
        for problem in report.problems { Terminal.note("recovery problem: \(problem)") }
        for line in report.quarantined { Terminal.note("recovery: \(line)") }
    }
}

/// A flag set from a signal handler and read by the command.
final class InterruptFlag: Sendable {
    private let value = Mutex(false)
    func set() { value.withLock { $0 = true } }
    var isSet: Bool { value.withLock { $0 } }
}
