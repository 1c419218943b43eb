import DataSources
import Synchronization

/// The headband's ATT server on one connection's `SOCK_SEQPACKET` socket: it answers discovery, reads
/// and writes from the ``SimulatedGATTTable``, keeps the client's CCCD subscriptions and sends
/// notifications to subscribers, logging what it received and sent. A write to the control
/// characteristic is handed back for the ``SimulatedControlChannel``.
struct SimulatedATTServer {
    private let headband: SimulatedHeadband
    private let configuration: SimulatedHeadband.Configuration
    private let table: SimulatedGATTTable
    /// The connection's socket.
    private var fd: Int32 = -1
    /// The connection's number (1 first).
    private var connection = 0
    /// The MTU agreed with the client.
    private var mtu = 23
    /// The value handles the client subscribed to.
    private var subscribed: Set<UInt16> = []
    /// Whether a write to the socket failed: the connection is over.
    private(set) var failed = false
    /// Whether the headband's own Read Request (``SimulatedHeadband/Configuration/sendsReadRequest``)
    /// was sent; it is sent once, on whichever connection first subscribes.
    private var readRequestSent = false

    /// The server of `headband`'s table.
    init(headband: SimulatedHeadband) {
        self.headband = headband
        configuration = headband.configuration
        table = headband.table
    }

    /// Serves connection `number` on `socket`: MTU 23, no subscriptions.
    mutating func connect(socket: Int32, number: Int) {
        fd = socket
        connection = number
        mtu = 23
        subscribed = []
        failed = false
    }

    /// Whether the client subscribed to `kind`.
    func isSubscribed(_ kind: MuseCharacteristic) -> Bool {
        guard let placement = table.characteristic(kind) else { return false }
        return subscribed.contains(placement.valueHandle)
    }

    /// Sends a control notification at once, if the client subscribed to it.
    mutating func notifyControl(_ value: [UInt8]) {
        guard let placement = table.characteristic(.control), subscribed.contains(placement.valueHandle) else { return }
        send(.notification(handle: placement.valueHandle, value: value))
        headband.shared.withLock { $0.log.sentCounts[.control, default: 0] += 1 }
    }

    /// Sends a data notification leaving the link, if the client (still) subscribed to it, and logs it
    /// as sent with the moment it left.
    mutating func send(_ notification: QueuedNotification) {
        guard let placement = table.characteristic(notification.kind), subscribed.contains(placement.valueHandle) else { return }
        send(.notification(handle: placement.valueHandle, value: notification.value))
        guard configuration.keepsLog, !failed else { return }
        let sentAt = SystemHostClock.monotonicNanoseconds()
        let connection = connection
        headband.shared.withLock { shared in
            shared.log.sentCounts[notification.kind, default: 0] += 1
            if var record = notification.eegPacket {
                record.sentAt = sentAt
                shared.log.sentEEG.append(record)
            }
            if let number = notification.athenaNumber {
                shared.log.sentAthena.append(SimulatedAthenaNotification(number: number, connection: connection, sentAt: sentAt))
            }
        }
    }

    private mutating func send(_ pdu: ATTPDU) {
        guard !failed else { return }
        if Socket.send(fd, pdu.encoded, blocking: true) != nil { failed = true }
    }

    /// Answers the PDU `bytes` from the client; returns the value written to the control
    /// characteristic, if that is what it was.
    mutating func handle(_ bytes: [UInt8]) -> [UInt8]? {
        headband.shared.withLock { $0.log.received.append(bytes) }
        let pdu: ATTPDU
        do {
            pdu = try ATTPDU.decode(bytes)
        } catch {
            let opcode = bytes.first ?? 0
            if ATTOpcode.requestOpcodes.contains(opcode) {
                send(.errorResponse(request: opcode, handle: 0, code: ATTErrorCode.invalidPDU))
            }
            return nil
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
            return write(handle: handle, value: value, request: pdu.opcode)
        case .writeCommand(let handle, let value):
            if handle == table.characteristic(.control)?.valueHandle { return value }
        default:
            if ATTOpcode.requestOpcodes.contains(pdu.opcode) {
                send(.errorResponse(request: pdu.opcode, handle: 0, code: ATTErrorCode.requestNotSupported))
            }
        }
        return nil
    }
    private func value(of attribute: SimulatedAttribute) -> [UInt8] {
        guard attribute.type == .clientCharacteristicConfiguration else { return attribute.value }
        return subscribed.contains(attribute.handle - 1) ? [0x01, 0x00] : [0x00, 0x00]
    }

    private mutating func validRange(_ start: UInt16, _ end: UInt16, _ opcode: UInt8) -> Bool {
        guard start != 0, start <= end else {
            send(.errorResponse(request: opcode, handle: start, code: ATTErrorCode.invalidHandle))
            return false
        }
        return true
    }

    private mutating func readByGroupType(start: UInt16, end: UInt16, type: BluetoothUUID) {
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

    private mutating func readByType(start: UInt16, end: UInt16, type: BluetoothUUID) {
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

    private mutating func findInformation(start: UInt16, end: UInt16) {
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

    /// Answers a Write Request; returns `value` when it was written to the control characteristic.
    private mutating func write(handle: UInt16, value: [UInt8], request: UInt8) -> [UInt8]? {
        guard let attribute = table.attribute(at: handle) else {
            send(.errorResponse(request: request, handle: handle, code: ATTErrorCode.invalidHandle))
            return nil
        }
        if attribute.type == .clientCharacteristicConfiguration {
            guard value.count == 2 else {
                send(.errorResponse(request: request, handle: handle, code: 0x0D))
                return nil
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
            return value
        } else {
            send(.errorResponse(request: request, handle: handle, code: ATTErrorCode.writeNotPermitted))
        }
        return nil
    }
}
