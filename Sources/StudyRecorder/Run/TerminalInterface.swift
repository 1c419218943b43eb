import Foundation
import Study
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The participant's side of a study on a real terminal: screens on standard output, answers read
/// from standard input, a status line redrawn in place, spoken cues through espeak-ng (or the bell),
/// and single key presses (raw mode) for reaction-time tasks.
final class TerminalInterface: ParticipantInterface, Sendable {
    private let locale: String
    private let lastStatus = Mutex<(String, ContinuousClock.Instant)?>(nil)
    private let speech: URL?

    init(locale: String) {
        self.locale = locale
        speech = ["/usr/bin/espeak-ng", "/usr/local/bin/espeak-ng"].map(URL.init(fileURLWithPath:))
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    private var isTTY: Bool { isatty(STDOUT_FILENO) == 1 }

    func show(_ text: String, title: String?) async {
        endStatus()
        var out = "\n"
        if let title, !title.isEmpty { out += isTTY ? "\u{1B}[1m\(title)\u{1B}[0m\n" : "\(title)\n" }
        if !text.isEmpty { out += text + "\n" }
        FileHandle.standardOutput.write(Data(out.utf8))
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
        FileHandle.standardOutput.write(Data((isTTY ? "\r\u{1B}[2K\(line)" : "\(line)\n").utf8))
    }

    private func endStatus() {
        let had = lastStatus.withLock { s -> Bool in defer { s = nil }; return s != nil }
        if had && isTTY { FileHandle.standardOutput.write(Data("\n".utf8)) }
    }

    func acknowledge(_ prompt: String) async throws {
        _ = try await readLine(prompt: "[\(prompt)]")
    }

    func ask(_ prompt: String, id: String, problem: String?) async throws -> String {
        if let problem { FileHandle.standardOutput.write(Data("  Please answer with \(problem).\n".utf8)) }
        return try await readLine(prompt: "\(prompt)> ")
    }

    func cue(_ text: String, mode: CueMode) async {
        switch mode {
        case .none: return
        case .bell: FileHandle.standardOutput.write(Data("\u{7}".utf8))
        case .speech:
            guard let speech else {
                FileHandle.standardOutput.write(Data("\u{7}".utf8))
                return
            }
            let process = Process()
            process.executableURL = speech
            process.arguments = ["-v", locale, text]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try? process.run()
        }
    }

    /// A single key in raw mode (``RawKeyboard``); keys typed before a foreperiod are discarded.
    func key(until deadline: ContinuousClock.Instant, beforeStimulus: Bool) async -> KeyPress? {
        RawKeyboard.enter()
        if beforeStimulus { RawKeyboard.discardPending() }
        return await Self.readKey(until: deadline).press
    }

    /// Any key, in raw mode: "Press any key" means any key, not only Enter.
    func anyKey(_ prompt: String) async throws {
        endStatus()
        FileHandle.standardOutput.write(Data("[\(prompt)]".utf8))
        RawKeyboard.enter()
        RawKeyboard.discardPending()
        let read = await Self.readKey(until: nil)
        FileHandle.standardOutput.write(Data("\n".utf8))
        try Task.checkCancellation()
        if read.endOfInput { throw TerminalInputError.endOfInput }
    }

    /// Reads a key on a thread of its own (never blocking the tasks that record); a cancelled task
    /// stops the wait within 50 ms.
    private static func readKey(until deadline: ContinuousClock.Instant?) async -> (press: KeyPress?, endOfInput: Bool) {
        let cancelled = CancelFlag()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                Thread.detachNewThread {
                    var end = false
                    let press = RawKeyboard.readKey(until: deadline, cancelled: { cancelled.isSet }, endOfInput: &end)
                    continuation.resume(returning: (press, end))
                }
            }
        } onCancel: {
            cancelled.set()
        }
    }

    /// Reads one line on a thread of its own, so waiting for a person never blocks the tasks that
    /// record. End of input (a closed stdin) is an error: a script must use `--auto`.
    private func readLine(prompt: String) async throws -> String {
        endStatus()
        RawKeyboard.restore()
        FileHandle.standardOutput.write(Data(prompt.utf8))
        let line: String? = await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: Swift.readLine(strippingNewline: true)) }
        }
        try Task.checkCancellation()
        guard let line else { throw TerminalInputError.endOfInput }
        return line
    }

}

/// Set once when a waiting task is cancelled; read by the thread that polls for a key.
private final class CancelFlag: Sendable {
    private let flag = Atomic(false)
    var isSet: Bool { flag.load(ordering: .acquiring) }
    func set() { flag.store(true, ordering: .releasing) }
}

/// Standard input ended while the study waited for the participant.
struct TerminalInputError: Error, CustomStringConvertible {
    static let endOfInput = TerminalInputError()
    var description: String { "standard input ended while waiting for the participant (use --auto to run without one)" }
}
