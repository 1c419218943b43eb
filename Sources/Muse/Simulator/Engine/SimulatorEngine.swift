import DataSources
import Glibc
import Synchronization

/// Serves the simulated headband's connections, one at a time, on the simulator's thread: it wires
/// the ``SimulatedATTServer`` (requests in, notifications out), the ``SimulatedControlChannel``
/// (commands, replies, start and stop), the streams (``SimulatedClassicStreams``,
/// ``SimulatedAthenaStream``) paced by the ``SimulatedSampleClock``, and the ``SimulatedLink`` that
/// carries their packets at connection events; and it injects the disconnect and hang faults. The
/// parts keep what outlives a connection (the EEG counter, the one-shot Read Request, the preset) and
/// are told when one starts; the engine keeps the one random generator they all draw from, so its
/// draws keep one order.
final class SimulatorEngine {
    private let headband: SimulatedHeadband
    private let configuration: SimulatedHeadband.Configuration
    private var random: SplitMix64
    private var connectionNumber = 0
    private var server: SimulatedATTServer
    private var control: SimulatedControlChannel
    private var clock: SimulatedSampleClock
    private var classic: SimulatedClassicStreams
    private var athena: SimulatedAthenaStream
    private var link: SimulatedLink

    init(headband: SimulatedHeadband) {
        self.headband = headband
        configuration = headband.configuration
        random = SplitMix64(seed: configuration.seed &+ 0x5EED)
        server = SimulatedATTServer(headband: headband)
        control = SimulatedControlChannel(headband: headband)
        clock = SimulatedSampleClock(configuration: configuration)
        classic = SimulatedClassicStreams(headband: headband)
        athena = SimulatedAthenaStream(headband: headband)
        link = SimulatedLink(configuration: configuration)
    }

    /// Serves one connection until the client leaves, a fault disconnects, or the headband stops.
    func serve(_ connection: Int32) {
        connectionNumber += 1
        server.connect(socket: connection, number: connectionNumber)
        control.connect()
        clock.stop()
        classic.connect(number: connectionNumber)
        athena.connect()
        link.connect(at: SystemHostClock.monotonicNanoseconds(), random: &random)
        while !headband.isStopping, !server.failed {
            let now = SystemHostClock.monotonicNanoseconds()
            if clock.isRunning, emitDue(now: now) == false { return }
            transmit(now: now)
            if let fragment = control.flush(now: now) { server.notifyControl(fragment) }
            let wait = millisecondsUntilNextEvent(now: SystemHostClock.monotonicNanoseconds())
            let revents = Socket.poll([connection], timeoutMs: wait)[0]
            guard revents != 0 else { continue }
            switch Socket.receive(connection, capacity: 1024) {
            case .success(let bytes):
                if bytes.isEmpty { return }
                handle(bytes)
            case .failure(let failure):
                if failure.errno == EAGAIN || failure.errno == EWOULDBLOCK {
                    if revents & Int16(POLLHUP | POLLERR) != 0 { return }
                    continue
                }
                return
            }
        }
    }

    /// Answers a PDU from the client; a control command's action is taken before its reply goes out.
    private func handle(_ bytes: [UInt8]) {
        guard let value = server.handle(bytes) else { return }
        let now = SystemHostClock.monotonicNanoseconds()
        let response = control.handle(value, isStreaming: clock.isRunning, now: now)
        switch response.action {
        case .start:
            clock.start(at: now)
            if configuration.includesAthena { athena.start(preset: control.preset) } else { classic.start() }
            headband.shared.withLock { $0.log.streaming = true }
        case .stop:
            clock.stop()
            headband.shared.withLock { $0.log.streaming = false }
        case nil:
            break
        }
        for fragment in response.fragments { server.notifyControl(fragment) }
    }

    /// Queues on the link every packet due by `now`; false when the connection is to end.
    private func emitDue(now: UInt64) -> Bool {
        if configuration.includesAthena {
            athena.due(by: now, clock: clock, random: &random).forEach(enqueue)
            return injectFaults(after: athena.taken)
        }
        if configuration.classicReplay != nil {
            classic.replayed(by: now, clock: clock).forEach(enqueue)
            return true
        }
        while clock.nextTelemetry(by: now) != nil { enqueue(classic.telemetryPacket()) }
        while clock.nextIMU(by: now) != nil { classic.imuPacket().forEach(enqueue) }
        while control.hasPPG, clock.nextPPG(by: now) != nil { classic.ppgPacket().forEach(enqueue) }
        while clock.isRunning, let takenAt = clock.nextEEG(by: now) {
            classic.eegBlock(takenAt: takenAt, hasAux: control.hasAux, random: &random).forEach(enqueue)
            if !injectFaults(after: classic.blocksThisConnection) { return false }
        }
        return true
    }

    /// The first connection's disconnect and hang faults, once `count` EEG blocks (an Athena: data
    /// notifications) were made on it; false when the link drops now.
    private func injectFaults(after count: Int) -> Bool {
        guard connectionNumber == 1 else { return true }
        if let limit = configuration.disconnectAfterBlocks, count >= limit {
            // The link drops after the event that carried block `limit`.
            deliver(link.count)
            return false
        }
        if let limit = configuration.silentAfterBlocks, clock.isRunning, count >= limit {
            // Hung: the link stays up and requests are still answered, but nothing streams.
            clock.stop()
            if configuration.keepsLog { headband.shared.withLock { $0.log.streaming = false } }
        }
        return true
    }

    /// Queues `notification` on the link if the client subscribed to its characteristic.
    private func enqueue(_ notification: QueuedNotification) {
        if server.isSubscribed(notification.kind) { link.enqueue(notification) }
    }

    /// Sends what waits in the link at every connection event due by `now`.
    private func transmit(now: UInt64) {
        while let capacity = link.nextEvent(by: now, random: &random) { deliver(capacity) }
    }

    /// Sends up to `count` notifications from the head of the link's queue.
    private func deliver(_ count: Int) {
        for _ in 0..<count {
            guard !server.failed, let notification = link.dequeue() else { break }
            server.send(notification)
        }
    }

    /// How long the serving loop may wait in `poll` at `now` (at most 50 ms): until the next packet is
    /// due, the next connection event with something to carry, or a held control fragment's deadline.
    private func millisecondsUntilNextEvent(now: UInt64) -> Int32 {
        var next = now + 50_000_000
        if clock.isRunning, configuration.includesAthena {
            if let due = athena.nextDue { next = min(next, clock.due(seconds: due)) }
        } else if clock.isRunning, configuration.classicReplay != nil {
            if let due = classic.nextReplayed { next = min(next, clock.due(seconds: due)) }
        } else if clock.isRunning {
            next = min(next, clock.nextComplete(includingPPG: control.hasPPG))
        }
        if link.count > 0 { next = min(next, link.nextEventAt) }
        if let deadline = control.carryDeadline { next = min(next, deadline) }
        guard next > now else { return 0 }
        return Int32(min(50, (next - now + 999_999) / 1_000_000))
    }
}
