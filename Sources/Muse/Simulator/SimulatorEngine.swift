import DataSources
import Foundation
import Glibc
import Synchronization

/// The simulated headband's ATT server and streaming state machine. Confined to the simulator's
/// thread; state that outlives a connection (the EEG counter, one-shot faults, the preset) lives here,
/// per-connection state is reset by ``serve(_:)``.
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

    init(headband: SimulatedHeadband) {
        self.headband = headband
        configuration = headband.configuration
        table = headband.table
        nextSequence = Int64(configuration.startCounter)
        preset = configuration.preset
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
        while !headband.isStopping, !failed {
            let now = SystemHostClock.monotonicNanoseconds()
            if streaming, emitDue(now: now) == false { return }
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

    private var eegPeriod: Double { 46_875_000 / configuration.speed }
    private var imuPeriod: Double { 3e9 / 52 / configuration.speed }
    private var ppgPeriod: Double { 93_750_000 / configuration.speed }
    private var telemetryPeriod: Double { 1e9 / configuration.speed }

    private func due(_ index: Int64, _ period: Double) -> UInt64 { origin + UInt64(Double(index) * period) }

    private var hasPPG: Bool { preset == "50" || preset == "51" }
    private var hasAux: Bool { preset == "20" || preset == "50" }

    private func millisecondsUntilNextEvent(now: UInt64) -> Int32 {
        var next = now + 50_000_000
        if streaming {
            next = min(next, due(eegDue, eegPeriod), due(imuDue, imuPeriod), due(telemetryDue, telemetryPeriod))
            if hasPPG { next = min(next, due(ppgDue, ppgPeriod)) }
        }
        if let deadline = carryDeadline { next = min(next, deadline) }
        guard next > now else { return 0 }
        return Int32(min(50, (next - now + 999_999) / 1_000_000))
    }

    /// Sends everything due by `now`; false when the connection is to end.
    private func emitDue(now: UInt64) -> Bool {
        while streaming, !failed, due(telemetryDue, telemetryPeriod) <= now {
            telemetryDue += 1
            sendTelemetry()
        }
        while streaming, !failed, due(imuDue, imuPeriod) <= now {
            imuDue += 1
            sendIMU()
        }
        while streaming, !failed, hasPPG, due(ppgDue, ppgPeriod) <= now {
            ppgDue += 1
            sendPPG()
        }
        while streaming, !failed, due(eegDue, eegPeriod) <= now {
            eegDue += 1
            sendEEGBlock()
            if let limit = configuration.disconnectAfterBlocks, connectionNumber == 1, blocksThisConnection >= limit {
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

    // MARK: Streams

    private func sendEEGBlock() {
        let sequence = nextSequence
        nextSequence += 1
        blocksThisConnection += 1
        let counter = UInt16(truncatingIfNeeded: sequence)
        // Arrival order seen on real headbands: right AUX, TP10, AF8, TP9, AF7.
        let order = (hasAux ? [4] : []) + [3, 2, 0, 1]
        var packets: [(channel: Int, record: SimulatedEEGPacket, bytes: [UInt8])] = []
        var dropped: [SimulatedEEGPacket] = []
        for channel in order {
            let record = SimulatedEEGPacket(channel: channel, counter: counter, sequence: sequence, connection: connectionNumber)
            if configuration.droppedBlocks.contains(counter)
                || configuration.droppedChannelPackets.contains(ChannelPacket(counter: counter, channel: channel))
            {
                dropped.append(record)
                continue
            }
            let codes = (0..<12).map { headband.eegCode(channel: channel, sampleIndex: sequence * 12 + Int64($0)) }
            packets.append((channel, record, MusePacketEncoder.eeg(counter: counter, codes: codes)))
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
            if notify(kind, packet.bytes), configuration.keepsLog {
                var record = packet.record
                record.sentAt = SystemHostClock.monotonicNanoseconds()
                headband.shared.withLock { $0.log.sentEEG.append(record) }
            }
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

    /// Sends a notification of `kind` if the client subscribed to it; whether it was sent.
    @discardableResult
    private func notify(_ kind: MuseCharacteristic, _ value: [UInt8]) -> Bool {
        guard let placement = table.characteristic(kind), subscribed.contains(placement.valueHandle) else { return false }
        send(.notification(handle: placement.valueHandle, value: value))
        if configuration.keepsLog || kind == .control {
            headband.shared.withLock { $0.log.sentCounts[kind, default: 0] += 1 }
        }
        return !failed
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
        switch command {
        case "v1":
            reply(
                "{\"ap\":\"headset\",\"sp\":\"RevE\",\"tp\":\"consumer\",\"hw\":\"3.1\",\"bn\":27,\"fw\":\"1.2.13\",\"bl\":\"1.2.3\",\"pv\":1,\"rc\":0}"
            )
        case "s":
            let battery = headband.shared.withLock { $0.batteryPercent }
            let presetNumber = Int(preset, radix: 16) ?? 0
            reply(
                "{\"hn\":\"\(configuration.deviceName)\",\"sn\":\"2031-TZRW-1324\",\"ma\":\"00-55-da-b0-13-24\","
                    + "\"id\":\"00000000 00000000 00000000\",\"bp\":\(Int(battery.rounded())),\"ts\":0,\"ps\":\(presetNumber),\"rc\":0}")
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
