import DataSources
import Foundation
import Glibc
import Synchronization

/// The simulated headband's ATT server and streaming state machine. Confined to the simulator's
/// thread; state that outlives a connection (the EEG counter, one-shot faults, the preset) lives here,
/// per-connection state is reset by ``serve(_:)``.
///
/// **When a packet leaves**, as on a real Muse: a packet is complete once its last sample was taken
/// (EEG: the 12th of 12 at 256 Hz, IMU: the 3rd at 52 Hz, PPG: the 6th at 64 Hz); it then waits in
/// the BLE controller for the next connection event (every ``SimulatedHeadband/Configuration/connectionInterval``
/// on the controller's own clock, which runs ``SimulatedHeadband/Configuration/controllerSkew`` off the
/// sample clock), which carries at most ``SimulatedHeadband/Configuration/notificationsPerEvent``
/// notifications in order; an event is missed now and then (a retransmission), so what waits goes
/// later. The host then sees packets a varying, one-sided time after their last sample, in bursts,
/// which is what the recorder's clock fit must undo.
final class SimulatorEngine {
    private let headband: SimulatedHeadband
    private let configuration: SimulatedHeadband.Configuration
    private let table: SimulatedGATTTable

    // Across connections.
    private var nextSequence: Int64
    private var connectionNumber = 0
    private var readRequestSent = false
    private var preset: String
    private var imuSequence: UInt16 = 0
    private var ppgSequence: UInt16 = 0
    private var telemetrySequence: UInt16 = 0
    private var imuSample: Int64 = 0
    private var ppgSample: Int64 = 0

    // Per connection.
    private var fd: Int32 = -1
    private var mtu = 23
    private var subscribed: Set<UInt16> = []
    private var streaming = false
    private var origin: UInt64 = 0
    private var eegDue: Int64 = 0
    private var imuDue: Int64 = 0
    private var ppgDue: Int64 = 0
    private var telemetryDue: Int64 = 0
    private var heldBlock: [(channel: Int, record: SimulatedEEGPacket, bytes: [UInt8])]?
    private var controlCarry: [UInt8] = []
    private var carryDeadline: UInt64?
    private var blocksThisConnection = 0
    private var failed = false
    // The BLE link: notifications waiting for a connection event, and the next event.
    private var linkQueue: [(kind: MuseCharacteristic, bytes: [UInt8], record: SimulatedEEGPacket?, athena: Int?)] = []
    private var connectionEvent: Int64 = 0
    private var connectionOrigin: UInt64 = 0
    private var random: SplitMix64
    // The Muse S Athena: what it streams, the next notification, its number, one held back (swap).
    private var athenaFeed: AthenaFeed?
    private var athenaNext: (due: Double, payload: [UInt8])?
    private var athenaNumber = 0
    private var athenaHeld: (number: Int, payload: [UInt8])?
    private var athenaArmed = false
    // A classic replay: the index of the next recorded notification.
    private var replayNext = 0

    init(headband: SimulatedHeadband) {
        self.headband = headband
        configuration = headband.configuration
        table = headband.table
        nextSequence = Int64(configuration.startCounter)
        preset = configuration.preset
        random = SplitMix64(seed: configuration.seed &+ 0x5EED)
    }

    /// Serves one connection until the client leaves, a fault disconnects, or the headband stops.
    func serve(_ connection: Int32) {
        connectionNumber += 1
        if connectionNumber > 1, configuration.restartsCounterAfterReconnect {
            nextSequence = Int64(configuration.startCounter)
        }
        fd = connection
        mtu = 23
        subscribed = []
        streaming = false
        heldBlock = nil
        controlCarry = []
        carryDeadline = nil
        blocksThisConnection = 0
        failed = false
        linkQueue = []
        athenaFeed = nil
        athenaNext = nil
        athenaNumber = 0
        athenaHeld = nil
        athenaArmed = false
        replayNext = 0
        connectionOrigin = SystemHostClock.monotonicNanoseconds() + UInt64(random.uniform() * connectionPeriod)
        connectionEvent = 0
        while !headband.isStopping, !failed {
            let now = SystemHostClock.monotonicNanoseconds()
            if streaming, emitDue(now: now) == false { return }
            transmit(now: now)
            if let deadline = carryDeadline, now >= deadline { flushCarry() }
            let wait = millisecondsUntilNextEvent(now: SystemHostClock.monotonicNanoseconds())
            let revents = Socket.poll([fd], timeoutMs: wait)[0]
            guard revents != 0 else { continue }
            switch Socket.receive(fd, capacity: 1024) {
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

    // MARK: Timing

    // Sample periods (ns at the configured speed), and samples per packet.
    private var eegSample: Double { 1e9 / 256 / configuration.speed / max(configuration.clockFactor, 0.01) }
    private var imuSamplePeriod: Double { 1e9 / 52 / configuration.speed }
    private var ppgSamplePeriod: Double { 1e9 / 64 / configuration.speed }
    private var telemetryPeriod: Double { 1e9 / configuration.speed }
    private var connectionPeriod: Double {
        max(configuration.connectionInterval, 0.000_5) * 1e9 / configuration.speed * (1 - configuration.controllerSkew)
    }

    /// When packet `index` of `samples` samples `period` ns apart is complete: its last sample is taken.
    private func due(_ index: Int64, samples: Int64, _ period: Double) -> UInt64 {
        origin + UInt64(Double(index * samples + samples - 1) * period)
    }
    private func eegDueAt(_ k: Int64) -> UInt64 { due(k, samples: 12, eegSample) }
    private func imuDueAt(_ k: Int64) -> UInt64 { due(k, samples: 3, imuSamplePeriod) }
    private func ppgDueAt(_ k: Int64) -> UInt64 { due(k, samples: 6, ppgSamplePeriod) }
    private func telemetryDueAt(_ k: Int64) -> UInt64 { origin + UInt64(Double(k) * telemetryPeriod) }
    private var nextConnectionEventAt: UInt64 { connectionOrigin + UInt64(Double(connectionEvent) * connectionPeriod) }

    /// Sends what waits in the link at every connection event due by `now`: at most
    /// ``SimulatedHeadband/Configuration/notificationsPerEvent`` each, none at a missed event.
    private func transmit(now: UInt64) {
        while nextConnectionEventAt <= now {
            guard !linkQueue.isEmpty else {
                // Nothing waits: skip to the first event after now (events go on on their own clock).
                connectionEvent += 1 + Int64(Double(now - nextConnectionEventAt) / connectionPeriod)
                continue
            }
            connectionEvent += 1
            if random.uniform() < configuration.missedEventProbability { continue }
            sendQueued(max(1, configuration.notificationsPerEvent))
        }
    }

    /// Sends up to `count` notifications from the head of the link's queue, logging EEG packets as sent.
    private func sendQueued(_ count: Int) {
        for _ in 0..<count {
            guard !linkQueue.isEmpty, !failed else { break }
            let (kind, bytes, record, athena) = linkQueue.removeFirst()
            guard let placement = table.characteristic(kind), subscribed.contains(placement.valueHandle) else { continue }
            send(.notification(handle: placement.valueHandle, value: bytes))
            guard configuration.keepsLog, !failed else { continue }
            let sentAt = SystemHostClock.monotonicNanoseconds()
            let connection = connectionNumber
            headband.shared.withLock { shared in
                shared.log.sentCounts[kind, default: 0] += 1
                if var record {
                    record.sentAt = sentAt
                    shared.log.sentEEG.append(record)
                }
                if let athena {
                    shared.log.sentAthena.append(SimulatedAthenaNotification(number: athena, connection: connection, sentAt: sentAt))
                }
            }
        }
    }

    private var hasPPG: Bool { preset == "50" || preset == "51" }
    private var hasAux: Bool { preset == "20" || preset == "50" }

    private func millisecondsUntilNextEvent(now: UInt64) -> Int32 {
        var next = now + 50_000_000
        if streaming, configuration.includesAthena {
            if let item = athenaNext { next = min(next, athenaDueAt(item.due)) }
        } else if streaming, let lines = configuration.classicReplay {
            if replayNext < lines.count, let first = lines.first { next = min(next, athenaDueAt(lines[replayNext].hostTime - first.hostTime)) }
        } else if streaming {
            next = min(next, eegDueAt(eegDue), imuDueAt(imuDue), telemetryDueAt(telemetryDue))
            if hasPPG { next = min(next, ppgDueAt(ppgDue)) }
        }
        if !linkQueue.isEmpty { next = min(next, nextConnectionEventAt) }
        if let deadline = carryDeadline { next = min(next, deadline) }
        guard next > now else { return 0 }
        return Int32(min(50, (next - now + 999_999) / 1_000_000))
    }

    /// When an Athena notification due `seconds` of signal time after the start leaves: a headband
    /// whose clock runs ``SimulatedHeadband/Configuration/clockFactor`` times fast takes (and sends)
    /// everything that much earlier, its device time and block numbers running just as fast.
    private func athenaDueAt(_ seconds: Double) -> UInt64 {
        origin + UInt64(max(0, seconds) * 1e9 / configuration.speed / max(configuration.clockFactor, 0.01))
    }

    /// Queues every Athena notification due by `now`, leaving out the dropped ones, sending a swapped
    /// one after its successor, replacing a ``SimulatedHeadband/Configuration/garbageFraction`` of them
    /// by random bytes, and after each one numbered in ``SimulatedHeadband/Configuration/corruptCounterAfter``
    /// sending a copy that claims to be 30 s later (``AthenaCorruption/farAhead(_:seconds:)``).
    private func emitAthena(now: UInt64) {
        while let item = athenaNext, athenaDueAt(item.due) <= now {
            let number = athenaNumber
            athenaNumber += 1
            athenaNext = athenaFeed?.next()
            if configuration.droppedNotifications.contains(number) { continue }
            var payload = item.payload
            if configuration.garbageFraction > 0, random.uniform() < configuration.garbageFraction {
                payload = payload.map { _ in UInt8(truncatingIfNeeded: random.next()) }
            }
            if configuration.swappedNotifications.contains(number), athenaHeld == nil {
                athenaHeld = (number, payload)
                continue
            }
            notifyAthena(number, payload)
            if let held = athenaHeld {
                athenaHeld = nil
                notifyAthena(held.number, held.payload)
            }
            if number <= Int(UInt16.max), configuration.corruptCounterAfter.contains(UInt16(number)) {
                notify(.athena, AthenaCorruption.farAhead(item.payload, seconds: 30))
            }
        }
    }

    /// Queues Athena data notification `number` for the link.
    private func notifyAthena(_ number: Int, _ payload: [UInt8]) {
        guard let placement = table.characteristic(.athena), subscribed.contains(placement.valueHandle) else { return }
        linkQueue.append((.athena, payload, nil, number))
    }

    /// Sends everything due by `now`; false when the connection is to end.
    private func emitDue(now: UInt64) -> Bool {
        if configuration.includesAthena {
            if streaming { emitAthena(now: now) }
            if let limit = configuration.disconnectAfterBlocks, connectionNumber == 1, athenaNumber >= limit {
                // The link drops after the event that carried notification `limit`.
                sendQueued(linkQueue.count)
                return false
            }
            if let limit = configuration.silentAfterBlocks, connectionNumber == 1, streaming, athenaNumber >= limit {
                // Hung: the link stays up and requests are still answered, but nothing streams.
                streaming = false
                athenaNext = nil
                if configuration.keepsLog { headband.shared.withLock { $0.log.streaming = false } }
            }
            return !failed
        }
        if configuration.classicReplay != nil {
            if streaming { emitReplay(now: now) }
            return !failed
        }
        while streaming, !failed, telemetryDueAt(telemetryDue) <= now {
            telemetryDue += 1
            sendTelemetry()
        }
        while streaming, !failed, imuDueAt(imuDue) <= now {
            imuDue += 1
            sendIMU()
        }
        while streaming, !failed, hasPPG, ppgDueAt(ppgDue) <= now {
            ppgDue += 1
            sendPPG()
        }
        while streaming, !failed, eegDueAt(eegDue) <= now {
            let takenAt = eegDueAt(eegDue)
            eegDue += 1
            sendEEGBlock(takenAt: takenAt)
            if let limit = configuration.disconnectAfterBlocks, connectionNumber == 1, blocksThisConnection >= limit {
                // The link drops after the event that carried block `limit`.
                sendQueued(linkQueue.count)
                return false
            }
            if let limit = configuration.silentAfterBlocks, connectionNumber == 1, blocksThisConnection >= limit {
                // Hung: the link stays up and requests are still answered, but nothing streams.
                streaming = false
                if configuration.keepsLog { headband.shared.withLock { $0.log.streaming = false } }
            }
        }
        return !failed
    }

    /// Queues every recorded notification of a classic replay due by `now` on its characteristic.
    private func emitReplay(now: UInt64) {
        guard let lines = configuration.classicReplay, let first = lines.first else { return }
        while replayNext < lines.count, athenaDueAt(lines[replayNext].hostTime - first.hostTime) <= now {
            let line = lines[replayNext]
            replayNext += 1
            if let kind = MuseCharacteristic(uuidString: line.characteristic), kind != .control { notify(kind, line.payload) }
        }
    }

    // MARK: Streams

    private func sendEEGBlock(takenAt: UInt64) {
        let sequence = nextSequence
        nextSequence += 1
        blocksThisConnection += 1
        let counter = UInt16(truncatingIfNeeded: sequence)
        // Arrival order seen on real headbands: right AUX, TP10, AF8, TP9, AF7.
        let order = (hasAux ? [4] : []) + [3, 2, 0, 1]
        var packets: [(channel: Int, record: SimulatedEEGPacket, bytes: [UInt8])] = []
        var dropped: [SimulatedEEGPacket] = []
        for channel in order {
            let record = SimulatedEEGPacket(channel: channel, counter: counter, sequence: sequence, connection: connectionNumber, takenAt: takenAt)
            if configuration.droppedBlocks.contains(counter)
                || configuration.droppedChannelPackets.contains(ChannelPacket(counter: counter, channel: channel))
            {
                dropped.append(record)
                continue
            }
            let codes = (0..<12).map { headband.eegCode(channel: channel, sampleIndex: sequence * 12 + Int64($0)) }
            var bytes = MusePacketEncoder.eeg(counter: counter, codes: codes)
            if configuration.garbageFraction > 0, random.uniform() < configuration.garbageFraction {
                bytes = bytes.map { _ in UInt8(truncatingIfNeeded: random.next()) }
            }
            packets.append((channel, record, bytes))
        }
        if configuration.corruptCounterAfter.contains(counter) {
            // Well-formed, but its counter is 30 000 ahead: nothing the headband took.
            let codes = (0..<12).map { headband.eegCode(channel: 0, sampleIndex: sequence * 12 + Int64($0)) }
            packets.append(
                (
                    0,
                    SimulatedEEGPacket(
                        channel: 0, counter: counter &+ 30_000, sequence: sequence + 30_000, connection: connectionNumber, takenAt: takenAt),
                    MusePacketEncoder.eeg(counter: counter &+ 30_000, codes: codes)
                ))
        }
        if !dropped.isEmpty, configuration.keepsLog {
            headband.shared.withLock { $0.log.droppedEEG += dropped }
        }
        if configuration.swappedBlocks.contains(counter), heldBlock == nil {
            heldBlock = packets
            return
        }
        sendEEGPackets(packets)
        if let held = heldBlock {
            heldBlock = nil
            sendEEGPackets(held)
        }
    }

    private func sendEEGPackets(_ packets: [(channel: Int, record: SimulatedEEGPacket, bytes: [UInt8])]) {
        for packet in packets {
            guard
                let kind = MuseCharacteristic.eegChannels.indices.contains(packet.channel)
                    ? MuseCharacteristic.eegChannels[packet.channel] : nil
            else { continue }
            notify(kind, packet.bytes, record: packet.record)
        }
    }

    private func sendIMU() {
        let sequence = imuSequence
        imuSequence &+= 1
        let first = imuSample
        imuSample += 3
        let signal = headband.signal
        notify(.accelerometer, MusePacketEncoder.imu(sequence: sequence, samples: (0..<3).map { signal.accelerometer(index: first + Int64($0)) }))
        notify(.gyroscope, MusePacketEncoder.imu(sequence: sequence, samples: (0..<3).map { signal.gyroscope(index: first + Int64($0)) }))
    }

    private func sendPPG() {
        let sequence = ppgSequence
        ppgSequence &+= 1
        let first = ppgSample
        ppgSample += 6
        let signal = headband.signal
        for (channel, kind) in [MuseCharacteristic.ppg1, .ppg2, .ppg3].enumerated() {
            notify(kind, MusePacketEncoder.ppg(sequence: sequence, samples: (0..<6).map { signal.ppg(channel: channel, index: first + Int64($0)) }))
        }
    }

    private func sendTelemetry() {
        let sequence = telemetrySequence
        telemetrySequence &+= 1
        let battery = headband.shared.withLock { $0.batteryPercent }
        notify(
            .telemetry,
            MusePacketEncoder.telemetry(
                sequence: sequence, batteryPercent: battery, fuelMillivolts: 3700 + 5 * battery, adc: 3967, temperature: 27))
    }

    /// Sends a notification of `kind` if the client subscribed to it: control replies at once, data
    /// through the link's queue at the next connection event (``transmit(now:)``); `record` is logged
    /// when it leaves.
    private func notify(_ kind: MuseCharacteristic, _ value: [UInt8], record: SimulatedEEGPacket? = nil) {
        guard let placement = table.characteristic(kind), subscribed.contains(placement.valueHandle) else { return }
        if kind == .control {
            send(.notification(handle: placement.valueHandle, value: value))
            headband.shared.withLock { $0.log.sentCounts[kind, default: 0] += 1 }
        } else {
            linkQueue.append((kind, value, record, nil))
        }
    }

    private func send(_ pdu: ATTPDU) {
        guard !failed else { return }
        if Socket.send(fd, pdu.encoded, blocking: true) != nil { failed = true }
    }

    // MARK: ATT server

    private func handle(_ bytes: [UInt8]) {
        headband.shared.withLock { $0.log.received.append(bytes) }
        let pdu: ATTPDU
        do {
            pdu = try ATTPDU.decode(bytes)
        } catch {
            let opcode = bytes.first ?? 0
            if ATTOpcode.requestOpcodes.contains(opcode) {
                send(.errorResponse(request: opcode, handle: 0, code: ATTErrorCode.invalidPDU))
            }
            return
        }
        switch pdu {
        case .exchangeMTURequest(let client):
            mtu = Int(max(23, min(client, configuration.mtu)))
            send(.exchangeMTUResponse(serverMTU: configuration.mtu))
        case .readByGroupTypeRequest(let start, let end, let type):
            readByGroupType(start: start, end: end, type: type)
        case .readByTypeRequest(let start, let end, let type):
            readByType(start: start, end: end, type: type)
        case .findInformationRequest(let start, let end):
            findInformation(start: start, end: end)
        case .readRequest(let handle):
            if let attribute = table.attribute(at: handle) {
                send(.readResponse(value: Array(value(of: attribute).prefix(mtu - 1))))
            } else {
                send(.errorResponse(request: pdu.opcode, handle: handle, code: ATTErrorCode.invalidHandle))
            }
        case .writeRequest(let handle, let value):
            write(handle: handle, value: value, request: pdu.opcode)
        case .writeCommand(let handle, let value):
            if handle == table.characteristic(.control)?.valueHandle { control(value) }
        default:
            if ATTOpcode.requestOpcodes.contains(pdu.opcode) {
                send(.errorResponse(request: pdu.opcode, handle: 0, code: ATTErrorCode.requestNotSupported))
            }
        }
    }

    private func value(of attribute: SimulatedAttribute) -> [UInt8] {
        guard attribute.type == .clientCharacteristicConfiguration else { return attribute.value }
        return subscribed.contains(attribute.handle - 1) ? [0x01, 0x00] : [0x00, 0x00]
    }

    private func validRange(_ start: UInt16, _ end: UInt16, _ opcode: UInt8) -> Bool {
        guard start != 0, start <= end else {
            send(.errorResponse(request: opcode, handle: start, code: ATTErrorCode.invalidHandle))
            return false
        }
        return true
    }

    private func readByGroupType(start: UInt16, end: UInt16, type: BluetoothUUID) {
        let opcode = ATTOpcode.readByGroupTypeRequest.rawValue
        guard validRange(start, end, opcode) else { return }
        guard type == .primaryService else {
            send(.errorResponse(request: opcode, handle: start, code: ATTErrorCode.unsupportedGroupType))
            return
        }
        let matches = table.services.filter { $0.start >= start && $0.start <= end }
        guard let first = matches.first else {
            send(.errorResponse(request: opcode, handle: start, code: ATTErrorCode.attributeNotFound))
            return
        }
        let length = first.uuid.wire.count
        let fit = max(1, (mtu - 2) / (4 + length))
        let entries = matches.prefix { $0.uuid.wire.count == length }.prefix(fit)
            .map { ATTGroupData(start: $0.start, end: $0.end, value: $0.uuid.wire) }
        send(.readByGroupTypeResponse(entries))
    }

    private func readByType(start: UInt16, end: UInt16, type: BluetoothUUID) {
        let opcode = ATTOpcode.readByTypeRequest.rawValue
        guard validRange(start, end, opcode) else { return }
        let matches = table.attributes.filter { $0.handle >= start && $0.handle <= end && $0.type == type }
        guard let first = matches.first else {
            send(.errorResponse(request: opcode, handle: start, code: ATTErrorCode.attributeNotFound))
            return
        }
        let length = min(value(of: first).count, mtu - 4, 253)
        let fit = max(1, (mtu - 2) / (2 + length))
        let entries = matches.prefix { value(of: $0).count == value(of: first).count }.prefix(fit)
            .map { ATTAttributeData(handle: $0.handle, value: Array(value(of: $0).prefix(length))) }
        send(.readByTypeResponse(entries))
    }

    private func findInformation(start: UInt16, end: UInt16) {
        let opcode = ATTOpcode.findInformationRequest.rawValue
        guard validRange(start, end, opcode) else { return }
        let matches = table.attributes.filter { $0.handle >= start && $0.handle <= end }
        guard let first = matches.first else {
            send(.errorResponse(request: opcode, handle: start, code: ATTErrorCode.attributeNotFound))
            return
        }
        let short = first.type.shortValue != nil
        let fit = max(1, (mtu - 2) / (short ? 4 : 18))
        let entries = matches.prefix { ($0.type.shortValue != nil) == short }.prefix(fit)
            .map { ATTHandleType(handle: $0.handle, type: $0.type) }
        send(.findInformationResponse(entries))
    }

    private func write(handle: UInt16, value: [UInt8], request: UInt8) {
        guard let attribute = table.attribute(at: handle) else {
            send(.errorResponse(request: request, handle: handle, code: ATTErrorCode.invalidHandle))
            return
        }
        if attribute.type == .clientCharacteristicConfiguration {
            guard value.count == 2 else {
                send(.errorResponse(request: request, handle: handle, code: 0x0D))
                return
            }
            let valueHandle = handle - 1
            if value[0] & 0x03 != 0 { subscribed.insert(valueHandle) } else { subscribed.remove(valueHandle) }
            let kinds = Set(table.characteristics.filter { subscribed.contains($0.valueHandle) }.map(\.kind))
            headband.shared.withLock { $0.log.subscribed = kinds }
            send(.writeResponse)
            if configuration.sendsReadRequest, !readRequestSent {
                readRequestSent = true
                send(.readRequest(handle: table.deviceNameHandle))
            }
        } else if handle == table.characteristic(.control)?.valueHandle {
            send(.writeResponse)
            control(value)
        } else {
            send(.errorResponse(request: request, handle: handle, code: ATTErrorCode.writeNotPermitted))
        }
    }

    // MARK: Control channel

    private func control(_ value: [UInt8]) {
        guard let length = value.first, Int(length) <= value.count - 1, length > 0 else { return }
        var body = Array(value[1...Int(length)])
        if body.last == 0x0A { body.removeLast() }
        let command = String(decoding: body, as: UTF8.self)
        headband.shared.withLock { $0.log.commands.append(command) }
        let ok = "{\"rc\":0}"
        if configuration.includesAthena {
            athenaControl(command)
            return
        }
        switch command {
        case "v1" where configuration.recordedReplies.contains(where: { $0.contains("\"fw\"") }):
            reply(configuration.recordedReplies.first { $0.contains("\"fw\"") } ?? "")
        case "s" where configuration.recordedReplies.contains(where: { $0.contains("\"sn\"") }):
            // The recorded status, marked as played back (a real headband's has no `sim`).
            let status = configuration.recordedReplies.first { $0.contains("\"sn\"") } ?? "{}"
            let marked = status.replacingOccurrences(of: "\"sim\":\"generated\"", with: "\"sim\":\"replay\"")
            reply(marked.contains("\"sim\"") ? marked : String(marked.dropLast()) + ",\"sim\":\"replay\"}")
        case "v1":
            reply(
                "{\"ap\":\"headset\",\"sp\":\"RevE\",\"tp\":\"consumer\",\"hw\":\"3.1\",\"bn\":27,\"fw\":\"1.2.13\",\"bl\":\"1.2.3\",\"pv\":1,\"rc\":0}"
            )
        case "s":
            let battery = headband.shared.withLock { $0.batteryPercent }
            let presetNumber = Int(preset, radix: 16) ?? 0
            reply(
                "{\"hn\":\"\(configuration.deviceName)\",\"sn\":\"\(headband.serialNumber)\",\"ma\":\"\(headband.macAddress)\","
                    + "\"id\":\"00000000 00000000 00000000\",\"bp\":\(Int(battery.rounded())),\"ts\":0,\"ps\":\(presetNumber),\"rc\":0,"
                    + "\"sim\":\"\(simulation)\"}")
        case "h":
            streaming = false
            headband.shared.withLock { $0.log.streaming = false }
            reply(ok)
        case "d":
            if !streaming {
                streaming = true
                origin = SystemHostClock.monotonicNanoseconds()
                eegDue = 0
                imuDue = 0
                ppgDue = 0
                telemetryDue = 0
                replayNext = 0
            }
            headband.shared.withLock { $0.log.streaming = true }
            reply(ok)
        case "k", "*1", "L0", "L1":
            reply(ok)
        case "p20", "p21", "p22", "p50", "p51":
            preset = String(command.dropFirst())
            let current = preset
            headband.shared.withLock { $0.log.preset = current }
            reply(ok)
        default:
            reply("{\"rc\":69}")
        }
    }

    /// What the status reply's `sim` field says (a real headband has no such field): `replay` while
    /// playing a capture, `generated` otherwise; the recorder stores it as the recording's source.
    private var simulation: String { configuration.athenaReplay == nil && configuration.classicReplay == nil ? "generated" : "replay" }

    /// The Athena's commands: `v6`, `s`, `h`, its presets, `dc001` (streaming starts at the second),
    /// `L0`/`L1`; anything else gets result code 69.
    private func athenaControl(_ command: String) {
        let ok = "{\"rc\":0}"
        switch command {
        case "v6":
            reply("{\"fw\":\"3.0.21\",\"hw\":\"MS-03\",\"bn\":21,\"tp\":\"consumer\",\"rc\":0}")
        case "s":
            let battery = headband.shared.withLock { $0.batteryPercent }
            reply(
                "{\"hn\":\"\(configuration.deviceName)\",\"sn\":\"\(headband.serialNumber)\",\"ma\":\"\(headband.macAddress)\","
                    + "\"bp\":\(Int(battery.rounded())),\"rc\":0,\"sim\":\"\(simulation)\"}")
        case "h":
            streaming = false
            athenaArmed = false
            headband.shared.withLock { $0.log.streaming = false }
            reply(ok)
        case "dc001":
            if !athenaArmed {
                athenaArmed = true
            } else if !streaming {
                streaming = true
                origin = SystemHostClock.monotonicNanoseconds()
                if let lines = configuration.athenaReplay {
                    athenaFeed = .replay(lines.filter(\.isAthenaData), next: 0)
                } else {
                    let layout = (try? AthenaPreset(parsing: preset)) ?? .standard
                    let battery = headband.shared.withLock { $0.batteryPercent }
                    athenaFeed = .generated(
                        AthenaPacketGenerator(
                            eegChannels: layout.expectedEEGChannels, opticsChannels: layout.expectedOpticsChannels, batteryPercent: battery,
                            signal: headband.signal))
                }
                athenaNext = athenaFeed?.next()
                headband.shared.withLock { $0.log.streaming = true }
            }
            reply(ok)
        case "L0", "L1", "k":
            reply(ok)
        default:
            if command.hasPrefix("p"), (try? AthenaPreset(parsing: command)) != nil {
                preset = String(command.dropFirst())
                let current = preset
                headband.shared.withLock { $0.log.preset = current }
                reply(ok)
            } else {
                reply("{\"rc\":69}")
            }
        }
    }

    /// Sends `json` as 20-byte control fragments; with ``SimulatedHeadband/Configuration/packsControlReplies``
    /// the last partial fragment waits to share a notification with the next reply.
    private func reply(_ json: String) {
        var bytes = controlCarry + Array(json.utf8)
        controlCarry = []
        carryDeadline = nil
        while bytes.count >= 19 {
            notify(.control, MusePacketEncoder.controlFragment(bytes.prefix(19)))
            bytes.removeFirst(19)
        }
        guard !bytes.isEmpty else { return }
        if configuration.packsControlReplies {
            controlCarry = bytes
            carryDeadline = SystemHostClock.monotonicNanoseconds() + 100_000_000
        } else {
            notify(.control, MusePacketEncoder.controlFragment(bytes[...]))
        }
    }

    private func flushCarry() {
        let bytes = controlCarry
        controlCarry = []
        carryDeadline = nil
        if !bytes.isEmpty { notify(.control, MusePacketEncoder.controlFragment(bytes[...])) }
    }
}
