import CBlueZ  // the socket constants (`SOCK_SEQPACKET`, `SOCK_CLOEXEC`) come from its clang module
import DataSources
import Dispatch
import Foundation
import Glibc
import Synchronization

/// A simulated Muse headband (legacy 12-bit protocol) for tests, demos and training without hardware.
///
/// It listens on a Unix `SOCK_SEQPACKET` socket and acts as the headband's ATT *server*: one client at a
/// time discovers its GATT table (``SimulatedGATTTable``, with handles unlike muselsl's), subscribes,
/// sends control commands and receives EEG, IMU, PPG and telemetry notifications paced against
/// CLOCK_MONOTONIC (or faster, see ``Configuration/speed``). The signal is deterministic
/// (``SimulatedSignal``), every packet sent or dropped is recorded in ``log``, and the faults in
/// ``Configuration`` reproduce what real headbands and links do: lost blocks and packets, reordering,
/// the headband's own ATT requests, packed control replies, low battery and disconnects.
///
/// All I/O runs in one loop on a thread of the ``BlockingExecutor``, never on the Swift cooperative pool.
///
/// ```swift
/// let headband = SimulatedHeadband(path: "/tmp/muse.sock")
/// try headband.start()
/// let client = ATTClient(fileDescriptor: try UnixSeqpacketConnector().connect(path: "/tmp/muse.sock"))
/// ```
package final class SimulatedHeadband: Sendable {
    /// The socket path.
    package let path: String
    /// The settings and faults.
    package let configuration: Configuration
    /// The GATT table served.
    package let table: SimulatedGATTTable
    /// The signal the EEG, IMU and PPG packets carry.
    package let signal: SimulatedSignal

    struct Shared {
        var log = SimulatorLog()
        var batteryPercent: Double
        var started = false
        var stopping = false
        var stopped = false
        var connection: Int32 = -1
    }

    let shared: Mutex<Shared>
    /// Reached when the serving loop has ended (its listening socket closed).
    private let servingEnded = Milestone()

    /// A headband that will listen at `path` once started.
    package init(path: String, configuration: Configuration = .init()) {
        self.path = path
        self.configuration = configuration
        table = SimulatedGATTTable(deviceName: configuration.deviceName, includesAthena: configuration.includesAthena)
        signal = SimulatedSignal(
            seed: configuration.seed, offHead: configuration.offHead, motion: configuration.motion, eyesClosed: configuration.eyesClosed)
        var log = SimulatorLog()
        log.preset = configuration.preset
        shared = Mutex(Shared(log: log, batteryPercent: configuration.batteryPercent))
    }

    /// What happened so far.
    package var log: SimulatorLog { shared.withLock { $0.log } }

    /// The serial number reported: the configured one, else `SIM-` and eight hex digits of a hash of
    /// the socket path and device name, so two simulated headbands on a machine differ (an LSL
    /// source id is made from it) while one headband keeps its serial across runs.
    package var serialNumber: String {
        configuration.serialNumber ?? "SIM-" + String(String(identity, radix: 16, uppercase: true).suffix(8))
    }

    /// The MAC address reported, derived like ``serialNumber`` (a locally administered address).
    package var macAddress: String {
        let bytes = (0..<5).map { UInt8(truncatingIfNeeded: identity >> (8 * UInt64($0))) }
        return (["02"] + bytes.map { String(format: "%02x", $0) }).joined(separator: "-")
    }

    /// FNV-1a of the path and the device name.
    private var identity: UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in (path + "\u{0}" + configuration.deviceName).utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return hash | 0x1_0000_0000
    }

    /// The EEG code sent for `channel` (0 TP9 … 4 right AUX) at `sampleIndex` (block sequence × 12 + k).
    package func eegCode(channel: Int, sampleIndex: Int64) -> UInt16 {
        signal.eegCode(channel: channel, sampleIndex: sampleIndex)
    }

    /// The 14-bit EEG code a simulated Muse S Athena sends for `channel` (0 TP9 … 7) at `sampleIndex`
    /// (256 Hz, from the first sample streamed).
    package func athenaEEGCode(channel: Int, sampleIndex: Int64) -> UInt16 {
        signal.athenaEEGCode(channel: channel, sampleIndex: sampleIndex)
    }

    /// Changes the battery level reported from now on (e.g. to 15 % to trigger a low-battery warning).
    package func setBatteryPercent(_ percent: Double) {
        shared.withLock { $0.batteryPercent = percent }
    }

    /// Binds and listens at ``path`` and starts serving on a thread of the ``BlockingExecutor``.
    ///
    /// A stale socket left at the path (a socket file nobody accepts on) is removed first; anything
    /// else there (a regular file, or a live listener) is an error rather than being clobbered.
    package func start() throws(SimulatorError) {
        let alreadyStarted = shared.withLock { s -> Bool in
            defer { s.started = true }
            return s.started
        }
        guard !alreadyStarted else { throw .alreadyStarted }
        let fd: Int32
        do throws(SimulatorError) {
            fd = try listen()
        } catch {
            shared.withLock { $0.started = false }
            throw error
        }
        BlockingExecutor.shared.execute("SimulatedHeadband") { [self] in serve(listening: fd) }
    }

    /// A socket listening at ``path``.
    private func listen() throws(SimulatorError) -> Int32 {
        guard let address = Socket.unixAddress(path) else { throw .pathTooLong(path) }
        try removeStaleSocket()
        let fd = socket(AF_UNIX, Socket.seqpacket | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw .system(call: "socket", errno: errno) }
        guard Socket.withSockaddr(address, { bind(fd, $0, $1) }) == 0 else {
            let code = errno
            Glibc.close(fd)
            throw code == EADDRINUSE ? .pathInUse(path) : .system(call: "bind \(path)", errno: code)
        }
        guard Glibc.listen(fd, 4) == 0 else {
            let code = errno
            Glibc.close(fd)
            throw .system(call: "listen", errno: code)
        }
        return fd
    }

    /// Closes any connection, removes the socket file (the path is free when this returns) and tells
    /// the serving loop to end, which it does within about 50 ms (``finished()`` waits for that).
    /// Returns at once: it is called from async code and from `defer`. Safe to call more than once.
    package func stop() {
        shared.withLock { s in
            guard s.started, !s.stopped else { return }
            s.stopping = true
            s.stopped = true
            if s.connection >= 0 { _ = shutdown(s.connection, Int32(SHUT_RDWR)) }
            // Removed here, not by the loop: a headband started at the same path after this returns
            // must keep its socket.
            unlink(path)
        }
    }

    /// Waits, without holding a thread, until the serving loop has ended after ``stop()`` (returns
    /// at once for a headband never started).
    package func finished() async {
        guard shared.withLock({ $0.started }) else { return }
        await servingEnded.wait()
    }

    /// Waits (polling every 2 ms, without blocking a thread) until `condition` holds for the log, up to
    /// `timeout` seconds; returns whether it did.
    package func waitUntil(timeout: Double = 5, _ condition: (SimulatorLog) -> Bool) async -> Bool {
        let deadline = SystemHostClock.monotonicNanoseconds() + UInt64(timeout * 1e9)
        while SystemHostClock.monotonicNanoseconds() < deadline {
            if condition(log) { return true }
            try? await Task.sleep(nanoseconds: 2_000_000)
        }
        return condition(log)
    }

    var isStopping: Bool { shared.withLock { $0.stopping } }

    private func removeStaleSocket() throws(SimulatorError) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        guard info.st_mode & S_IFMT == S_IFSOCK else { throw .pathInUse(path) }
        let live: Bool
        do throws(TransportError) {
            Glibc.close(try UnixSeqpacketConnector().connect(path: path))
            live = true
        } catch {
            guard case .socketRefused = error else { throw .pathInUse(path) }
            live = false
        }
        guard !live else { throw .pathInUse(path) }
        unlink(path)
    }

    private func serve(listening fd: Int32) {
        let engine = SimulatorEngine(headband: self)
        while !isStopping {
            guard Socket.poll([fd], timeoutMs: 50)[0] != 0 else { continue }
            let connection = accept(fd, nil, nil)
            guard connection >= 0 else { continue }
            _ = fcntl(connection, F_SETFD, FD_CLOEXEC)
            let accepted = shared.withLock { s -> Bool in
                guard !s.stopping else { return false }
                s.connection = connection
                s.log.connections += 1
                return true
            }
            if accepted { engine.serve(connection) }
            shared.withLock { s in
                Glibc.close(connection)
                s.connection = -1
                s.log.subscribed = []
                s.log.streaming = false
            }
        }
        Glibc.close(fd)
        servingEnded.reach()
    }
}
