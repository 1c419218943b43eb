import DataSources
import Foundation
import Study
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Single key presses from standard input: the terminal in raw mode (no line editing, no echo, so a
/// key counts the moment it is pressed, without Enter), read by polling on a thread of its own.
///
/// Raw mode stays on while a study reads keys (between the keys of a reaction-time task a key is
/// never half-read by the line discipline) and is left before a line is read and on every exit:
/// ``restore()`` runs at process exit, and Ctrl-C and SIGTERM reach the run's ``SignalTrap`` (signal
/// generation stays on), which cancels the waiting task, so the terminal is never left raw.
enum RawKeyboard {
    /// The terminal's settings before raw mode was entered; `nil` while it is not raw.
    private static let saved = Mutex<termios?>(nil)
    private static let exitHook = Mutex(false)

    /// Switches standard input to raw mode if it is a terminal (idempotent).
    static func enter() {
        let fd = STDIN_FILENO
        guard isatty(fd) == 1 else { return }
        saved.withLock { saved in
            guard saved == nil else { return }
            var original = termios()
            guard tcgetattr(fd, &original) == 0 else { return }
            var raw = original
            raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
            withUnsafeMutablePointer(to: &raw.c_cc) {
                $0.withMemoryRebound(to: cc_t.self, capacity: Int(NCCS)) { cc in
                    cc[Int(VMIN)] = 1
                    cc[Int(VTIME)] = 0
                }
            }
            guard tcsetattr(fd, TCSANOW, &raw) == 0 else { return }
            saved = original
        }
        exitHook.withLock { registered in
            guard !registered else { return }
            registered = true
            atexit { RawKeyboard.restore() }
        }
    }

    /// Gives the terminal its settings back (no-op when it is not raw).
    static func restore() {
        saved.withLock { saved in
            guard var original = saved else { return }
            tcsetattr(STDIN_FILENO, TCSANOW, &original)
            saved = nil
        }
    }

    /// Drops keys typed but not read yet (a key pressed during a fixation must not count for the
    /// foreperiod that follows).
    static func discardPending() {
        if isatty(STDIN_FILENO) == 1 { tcflush(STDIN_FILENO, TCIFLUSH) }
    }

    /// Waits for one key until `clock` reads `deadline` (monotonic seconds; `nil`: no deadline) or
    /// until `cancelled` says so; the key and the moment it was read on `clock` (taken as soon as
    /// `poll` reports it, before the bytes are read), or `nil`. Polls in steps of at most 50 ms, so
    /// the deadline and `cancelled` are noticed within that. `endOfInput` is set when standard input
    /// is closed.
    static func readKey(until deadline: Double?, on clock: any HostClock, cancelled: () -> Bool, endOfInput: inout Bool) -> KeyPress? {
        let fd = STDIN_FILENO
        while !cancelled() {
            var wait = 0.05
            if let deadline {
                let left = deadline - clock.monotonicNow()
                if left <= 0 { return nil }
                wait = min(wait, left)
            }
            let ms = Int32(max(1, (wait * 1000).rounded(.down)))
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&pfd, 1, ms) > 0 else { continue }
            let at = clock.monotonicNow()
            var bytes = [UInt8](repeating: 0, count: 16)
            let n = read(fd, &bytes, bytes.count)
            if n <= 0 {
                endOfInput = true
                return nil
            }
            return KeyPress(key: name(of: Array(bytes.prefix(n))), at: at)
        }
        return nil
    }

    /// The name of the key behind the bytes one press produced (see ``KeyPress/key``).
    static func name(of bytes: [UInt8]) -> String {
        guard let first = bytes.first else { return "other" }
        switch first {
        case 0x20: return "space"
        case 0x0A, 0x0D: return "enter"
        case 0x09: return "tab"
        case 0x08, 0x7F: return "backspace"
        case 0x1B: return bytes.count == 1 ? "escape" : "other"
        case ..<0x20: return "other"
        default:
            guard let text = String(bytes: bytes, encoding: .utf8), let character = text.first else { return "other" }
            return String(character).lowercased()
        }
    }
}
