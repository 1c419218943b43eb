import Foundation
import Storage
import Study

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

    /// The width of the terminal on standard output in columns: its window size, else `$COLUMNS`,
    /// else 80.
    static var columns: Int {
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        if let text = ProcessInfo.processInfo.environment["COLUMNS"], let n = Int(text), n > 0 { return n }
        return 80
    }

    /// The width participant texts on `fd` are wrapped to (``WordWrap``): the terminal's window
    /// size, else `$COLUMNS`, else 80 on a terminal that does not say; `nil` (no wrapping) when `fd`
    /// is a pipe or file and `$COLUMNS` is not set, so a log or a script reads each text as one line.
    static func wrapWidth(for fd: Int32) -> Int? {
        var size = winsize()
        if ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        if let text = ProcessInfo.processInfo.environment["COLUMNS"], let n = Int(text), n > 0 { return n }
        return isatty(fd) == 1 ? 80 : nil
    }

    /// `text` wrapped at word boundaries to ``wrapWidth(for:)`` of `fd` (unchanged without one).
    static func wrapped(_ text: String, for fd: Int32) -> String {
        guard let width = wrapWidth(for: fd) else { return text }
        return WordWrap.wrap(text, width: width)
    }

    /// Makes standard output line-buffered, so a pipe (a log file, `tee`, a scheduler) sees every line
    /// of an `--auto` run as it is printed rather than in 4 KB lumps. C's `stdout` is looked up with
    /// `dlsym`: Swift 6 refuses a direct reference to the C global.
    static func lineBufferStandardOutput() {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "stdout") else { return }
        guard let stream = symbol.assumingMemoryBound(to: UnsafeMutablePointer<FILE>?.self).pointee else { return }
        setvbuf(stream, nil, _IOLBF, 0)
    }

    /// Writes `text` to standard error as is.
    static func writeError(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// Prints one line to standard error, prefixed with the tool's name.
    static func error(_ message: String) {
        writeError("study-recorder: \(message)\n")
    }

    /// Prints `error` as one line to standard error, with the command to run next when there is one
    /// (``CommandHint``).
    static func error(_ error: any Error) {
        self.error(CommandHint.line("\(error)", for: error))
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
