import DataSources
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Markers by hand (`--markers keys`): the keys 1–9 on standard input become markers with that code
/// (label `key N`), set for the moment the key was read and so stored on the sample nearest it —
/// Mind Monitor's marker buttons and BrainFlow's `insert_marker` for a terminal.
///
/// A terminal is read in raw mode (a key counts when pressed, without Enter; ``RawKeyboard``);
/// from a pipe every byte counts as one key, so a script can write `1`, `2` … to set markers. Other
/// keys are ignored. Reading runs on a thread of its own (the reads block) until ``stop()`` or the end
/// of input.
final class KeyMarkers: Sendable {
    /// The label a key's marker carries, for key `digit`.
    static func label(_ digit: Int32) -> String { "key \(digit)" }

    private let stopping = Atomic<Bool>(false)
    private let count = Atomic<Int>(0)
    private let finished = DispatchSemaphore(value: 0)

    private init() {}

    /// Starts reading keys for `controller` (started or not; markers wait for its first sample).
    static func start(controller: DataController, clock: any HostClock = SystemHostClock()) -> KeyMarkers {
        let reader = KeyMarkers()
        if isatty(STDIN_FILENO) == 1 { RawKeyboard.enter() }
        let thread = Thread { reader.run(controller: controller, clock: clock) }
        thread.name = "key markers"
        thread.start()
        return reader
    }

    /// Markers set so far.
    var received: Int { count.load(ordering: .relaxed) }

    /// Stops reading (within 50 ms) and gives the terminal its settings back.
    func stop() {
        if !stopping.exchange(true, ordering: .relaxed) { _ = finished.wait(timeout: .now() + 1) }
        RawKeyboard.restore()
    }

    private func run(controller: DataController, clock: any HostClock) {
        defer { finished.signal() }
        let fd = STDIN_FILENO
        while !stopping.load(ordering: .relaxed) {
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&pfd, 1, 50) > 0 else { continue }
            // Taken as soon as poll reports the key, before it is read (as the study's keys are).
            let at = clock.monotonicNow()
            var bytes = [UInt8](repeating: 0, count: 64)
            let n = read(fd, &bytes, bytes.count)
            if n <= 0 { return }
            for byte in bytes.prefix(n) where (0x31...0x39).contains(byte) {
                let digit = Int32(byte - 0x30)
                count.add(1, ordering: .relaxed)
                Task {
                    // The key's moment on the recording clock: now, less how long ago it was read.
                    let moment = await controller.now() - max(0, clock.monotonicNow() - at)
                    await controller.mark(Marker(code: digit, label: Self.label(digit)), at: moment)
                }
            }
        }
    }
}
