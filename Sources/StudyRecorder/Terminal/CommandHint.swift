import Exports
import Muse
import Storage
import Study
import StudyRecorderKit

/// The command to run next, added by the CLI to a library error's line. The libraries describe what
/// happened and what is kept in their own words (another program using them has no
/// `study-recorder` commands); only the CLI knows its commands.
enum CommandHint {
    /// The hint for `error`, e.g. "run `study-recorder recover`" after a full disk, or `nil`.
    static func hint(for error: any Error) -> String? {
        if let error = error as? RecorderError, let underlying = error.underlying { return hint(for: underlying) }
        if case .diskFull? = error as? StorageError { return "then run `study-recorder recover`" }
        if case .notEnrolled? = error as? RunnerError { return "run `study-recorder enroll` first" }
        if case .protocolChanged? = error as? ScheduleError { return "`study-recorder migrate <study folder>` moves it, or says why not" }
        if case .notReady(_, Exporter.awaitingRecovery)? = error as? ExportError { return "run `study-recorder recover`" }
        if case .scanPermissionDenied? = error as? TransportError { return "sudo setcap cap_net_admin,cap_net_raw+eip study-recorder" }
        return nil
    }

    /// Why an item is not ready (``Exporter/notReady(_:in:)``), with the command that makes it ready
    /// when there is one: `recover` for a recording whose process ended before it was finished.
    static func notReady(_ reason: String) -> String {
        reason == Exporter.awaitingRecovery ? "\(reason) (run `study-recorder recover`)" : reason
    }

    /// The command that enrols a participant, filled into the libraries' sentence for a study
    /// nobody is enrolled in (`RuntimeText.statusNotEnrolled`).
    static let enrol = "study-recorder enroll"

    /// `message` with the hint for `error` appended, as one line.
    static func line(_ message: String, for error: any Error) -> String {
        guard let hint = hint(for: error) else { return message }
        return "\(message) — \(hint)"
    }
}
