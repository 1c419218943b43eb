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
/// keys are ignored. Reading runs on a thread of ``BlockingExecutor`` (the reads block) until ``stop()`` or the end
/// of input; one task sets the markers, in the order the keys were typed.
final class KeyMarkers: Sendable {
    /// The label a key's marker carries, for key `digit`.
    static func label(_ digit: Int32) -> String { "key \(digit)" }

    private let stopping = Atomic<Bool>(false)
    private let count = Atomic<Int>(0)
    private let finished = Milestone()
    private let keys: AsyncStream<(digit: Int32, at: Double)>.Continuation
    private let marking: Task<Void, Never>

    private init(controller: DataController, clock: any HostClock) {
        let (stream, continuation) = AsyncStream.makeStream(of: (digit: Int32, at: Double).self)
        keys = continuation
        marking = Task {
            for await key in stream {
                // The key's moment on the recording clock: now, less how long ago it was read.
                let moment = await controller.now() - max(0, clock.monotonicNow() - key.at)
                await controller.mark(Marker(code: key.digit, label: Self.label(key.digit)), at: moment)
            }
        }
    }

    /// Starts reading keys for `controller` (started or not; markers wait for its first sample).
    static func start(controller: DataController, clock: any HostClock = SystemHostClock()) -> KeyMarkers {
        let reader = KeyMarkers(controller: controller, clock: clock)
        if isatty(STDIN_FILENO) == 1 { RawKeyboard.enter() }
        BlockingExecutor.shared.execute("key markers") { reader.run(clock: clock) }
        return reader
    }

    /// Markers set so far.
    var received: Int { count.load(ordering: .relaxed) }

    /// Stops reading, waits (without holding a thread) for the reading loop to end, which it does
    /// within 50 ms, and gives the terminal its settings back.
    func stop() async {
        stopping.store(true, ordering: .relaxed)
        await finished.wait()
        RawKeyboard.restore()
    }

    private func run(clock: any HostClock) {
        defer {
            keys.finish()
            finished.reach()
        }
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
                count.add(1, ordering: .relaxed)
                keys.yield((Int32(byte - 0x30), at))
            }
        }
    }
}
