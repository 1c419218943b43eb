import DataSources
import Foundation
import Study
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The participant's side of a study on a real terminal: screens on standard output (on standard
/// error when the command's standard output carries `--json`, so it stays JSON alone), answers read
/// from standard input, a status line redrawn in place, spoken cues through espeak-ng (or the bell,
/// with one warning, when espeak-ng is missing), and single key presses (raw mode) for reaction-time
/// tasks. Every wait for input ends at once when the task is cancelled (Ctrl-C).
final class TerminalInterface: ParticipantInterface, Sendable {
    private let locale: String
    private let lastStatus = Mutex<(String, ContinuousClock.Instant)?>(nil)
    private let speech: URL?
    private let warnedNoSpeech = Mutex(false)
    /// Where screens, prompts and the status line go.
    private let screen: FileHandle

    /// An interface speaking `locale` (espeak-ng's voice is the locale's language); with
    /// `screenOnStandardError` the participant's screens go to standard error.
    init(locale: String, screenOnStandardError: Bool = false) {
        self.locale = locale
        screen = screenOnStandardError ? .standardError : .standardOutput
        speech = ["/usr/bin/espeak-ng", "/usr/local/bin/espeak-ng"].map(URL.init(fileURLWithPath:))
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    private var isTTY: Bool { isatty(screen.fileDescriptor) == 1 }

    func show(_ text: String, title: String?) async {
        endStatus()
        var out = "\n"
        if let title, !title.isEmpty { out += isTTY ? "\u{1B}[1m\(title)\u{1B}[0m\n" : "\(title)\n" }
        if !text.isEmpty { out += text + "\n" }
        screen.write(Data(out.utf8))
    }

    func status(_ line: String) async {
        let now = ContinuousClock.now
        let draw = lastStatus.withLock { last -> Bool in
            if let last, last.0 == line { return false }
            if !isTTY, let last, now - last.1 < .seconds(1) { return false }
            last = (line, now)
            return true
        }
        guard draw else { return }
        screen.write(Data((isTTY ? "\r\u{1B}[2K\(line)" : "\(line)\n").utf8))
    }

    private func endStatus() {
        let had = lastStatus.withLock { s -> Bool in
            defer { s = nil }; return s != nil
        }
        if had && isTTY { screen.write(Data("\n".utf8)) }
    }

    func acknowledge(_ prompt: String) async throws {
        _ = try await readLine(prompt: "[\(prompt)]")
    }

    /// Asks for a line; `problem` is the runner's complete sentence about the refused answer.
    func ask(_ prompt: String, id: String, problem: String?) async throws -> String {
        if let problem { screen.write(Data("  \(problem)\n".utf8)) }
        return try await readLine(prompt: "\(prompt)> ")
    }

    func cue(_ text: String, mode: CueMode) async {
        switch mode {
        case .none: return
        case .bell: screen.write(Data("\u{7}".utf8))
        case .speech:
            guard let speech else {
                let first = warnedNoSpeech.withLock { warned in
                    defer { warned = true }; return !warned
                }
                if first { Terminal.note("study-recorder: " + RuntimeStrings(locale: locale)(.speechMissing)) }
                screen.write(Data("\u{7}".utf8))
                return
            }
            let process = Process()
            process.executableURL = speech
            process.arguments = ["-v", String(locale.prefix { $0 != "-" && $0 != "_" }), text]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try? process.run()
        }
    }

    /// A single key in raw mode (``RawKeyboard``), timed on `clock` the moment its bytes are read;
    /// keys typed before a foreperiod are discarded.
    func key(until deadline: Double, on clock: any HostClock, beforeStimulus: Bool) async -> KeyPress? {
        RawKeyboard.enter()
        if beforeStimulus { RawKeyboard.discardPending() }
        return await Self.readKey(until: deadline, on: clock).press
    }

    /// Any key, in raw mode: "Press any key" means any key, not only Enter.
    func anyKey(_ prompt: String) async throws {
        endStatus()
        screen.write(Data("[\(prompt)]".utf8))
        RawKeyboard.enter()
        RawKeyboard.discardPending()
        let read = await Self.readKey(until: nil, on: SystemHostClock())
        screen.write(Data("\n".utf8))
        try Task.checkCancellation()
        if read.endOfInput { throw TerminalInputError.endOfInput }
    }

    /// Reads a key on a thread of the ``BlockingExecutor`` (never blocking the tasks that record), until `clock` reads
    /// `deadline` (none: `nil`); a cancelled task stops the wait within 50 ms.
    private static func readKey(until deadline: Double?, on clock: any HostClock) async -> (press: KeyPress?, endOfInput: Bool) {
        let cancelled = SetOnceFlag()
        return await withTaskCancellationHandler {
            await BlockingExecutor.shared.run("key reader") { () -> (press: KeyPress?, endOfInput: Bool) in
                var end = false
                let press = RawKeyboard.readKey(until: deadline, on: clock, cancelled: { cancelled.isSet }, endOfInput: &end)
                return (press, end)
            }
        } onCancel: {
            cancelled.set()
        }
    }

    /// Reads one line on a thread of the ``BlockingExecutor``, so waiting for a person never blocks the tasks that
    /// record. Cancelling the task (Ctrl-C) ends the wait at once. End of input (a closed stdin) is
    /// an error: a script must use `--auto`.
    private func readLine(prompt: String) async throws -> String {
        endStatus()
        RawKeyboard.restore()
        screen.write(Data(prompt.utf8))
        let stop = SetOnceFlag()
        let line: String? = await withTaskCancellationHandler {
            await BlockingExecutor.shared.run("line reader") { Self.readLine(from: STDIN_FILENO, unless: stop) }
        } onCancel: {
            stop.set()
        }
        try Task.checkCancellation()
        guard let line else { throw TerminalInputError.endOfInput }
        return line
    }

    /// One line from `fd` without stdio's buffering (so nothing typed ahead is held back from the
    /// next read), polling in short steps so that `stop` ends the wait within 50 ms; `nil` at end
    /// of input or when stopped.
    static func readLine(from fd: Int32, unless stop: SetOnceFlag) -> String? {
        var bytes: [UInt8] = []
        while !stop.isSet {
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&pfd, 1, 50)
            if ready < 0 && errno != EINTR { break }
            guard ready > 0 else { continue }
            var byte: UInt8 = 0
            let n = read(fd, &byte, 1)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self) }
            if byte == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(byte)
        }
        return nil
    }
}

/// Standard input ended while the study waited for the participant.
struct TerminalInputError: Error, CustomStringConvertible {
    static let endOfInput = TerminalInputError()
    var description: String { "standard input ended while waiting for the participant (use --auto to run without one)" }
}
