import Foundation
import Storage
#if canImport(Glibc)
import Glibc
#endif

/// The terminal the command talks to: whether output goes to a person (a TTY) or a pipe, and one-line
/// messages on standard error.
enum Terminal {
    /// Whether standard error is a terminal (progress bars go there, only then).
    static var stderrIsTTY: Bool { isatty(STDERR_FILENO) == 1 }
    /// Whether standard output is a terminal (live views redraw only then).
    static var stdoutIsTTY: Bool { isatty(STDOUT_FILENO) == 1 }

    /// Writes `text` to standard error as is.
    static func writeError(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// Prints one line to standard error, prefixed with the tool's name.
    static func error(_ message: String) {
        writeError("study-recorder: \(message)\n")
    }

    /// Prints a note to standard error (not on stdout, so `--json` output stays clean).
    static func note(_ message: String) {
        writeError("\(message)\n")
    }

    /// Prints one line of what a scripted participant is shown (`--auto` runs), flushed at once: piped
    /// into a log or `tee`, standard output is block-buffered, and a run's lines would otherwise arrive
    /// in 4 KB bursts (or not at all when the run is killed).
    @Sendable static func echo(_ line: String) {
        print(line)
        fflush(nil)
    }

    /// Prints a value as pretty JSON on standard output.
    static func printJSON<T: Encodable>(_ value: T) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = UTCTimestamp.jsonEncodingStrategy
        print(String(decoding: try encoder.encode(value), as: UTF8.self))
        fflush(nil)
    }
}
