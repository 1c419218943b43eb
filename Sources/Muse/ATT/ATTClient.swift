import DataSources
import Foundation
import Glibc
import Synchronization

/// A GATT client speaking ATT over a connected `SOCK_SEQPACKET` socket, one PDU per packet: a real
/// L2CAP ATT channel to a headband, or a Unix socket to a ``SimulatedHeadband``.
///
/// The client owns the file descriptor. A reader loop on a thread of the ``BlockingExecutor`` (blocking
/// I/O stays off the Swift cooperative pool) waits with `poll()`, reads each packet with `recv()` and
/// stamps it with the injectable receive clock right away. Notifications and (confirmed) indications go to
/// ``notifications``; responses complete the one outstanding request (ATT allows only one at a time,
/// so requests queue), each bounded by ``Configuration/requestTimeout``.
///
/// Because the client holds the ATT channel, it must also answer the peer's own requests: an Exchange
/// MTU Request is answered with an Exchange MTU Response carrying ``Configuration/receiveMTU`` (the
/// specification requires every ATT server to accept it, and it is harmless), every other request with
/// Error Response "Request Not Supported" (0x06).
///
/// When the connection ends (peer closed, receive error, hang-up) or ``close()`` is called, the
/// notification stream finishes and pending and future requests throw ``ATTError/disconnected(errno:)``.
/// The reader thread keeps the client alive until then, so call ``close()`` when done. Cancelling the
/// task awaiting a request does not abandon it: the request still ends with its response or timeout,
/// as ATT allows no second request before that. The notification buffer is unbounded (a Muse sends
/// about 150 small packets a second), so consume ``notifications`` steadily.
package final class ATTClient: Sendable {
    /// Client settings, with defaults that suit the Muse.
    package struct Configuration: Sendable {
        /// Seconds to wait for each response before throwing ``ATTError/timeout(request:seconds:)``.
        package var requestTimeout: Double
        /// The receive clock in nanoseconds, read right after each `recv()`; CLOCK_MONOTONIC by default.
        package var clock: @Sendable () -> UInt64
        /// The MTU offered in ``ATTClient/exchangeMTU(_:)`` answers to the peer's own MTU request (23).
        package var receiveMTU: UInt16

        /// Settings; defaults: 5 s timeout, CLOCK_MONOTONIC, MTU 23.
        package init(
            requestTimeout: Double = 5, clock: @escaping @Sendable () -> UInt64 = SystemHostClock.monotonicNanoseconds,
            receiveMTU: UInt16 = 23
        ) {
            self.requestTimeout = requestTimeout
            self.clock = clock
            self.receiveMTU = receiveMTU
        }
    }

    private struct Pending {
        let id: UInt64
        let request: UInt8
        let continuation: CheckedContinuation<ATTPDU, any Error>
    }

    private struct State {
        var fd: Int32
        var ended: ATTError?
        var pending: Pending?
        var expiredID: UInt64?
        var nextID: UInt64 = 0
        var mtu: UInt16 = 23
        var answeredPeerRequests = 0
    }

    /// Values the peer pushed, in arrival order; finishes when the connection ends.
    package let notifications: AsyncStream<ATTNotification>
    private let sink: AsyncStream<ATTNotification>.Continuation
    private let state: Mutex<State>
    private let gate = AsyncGate()
    private let configuration: Configuration

    /// Takes ownership of `fileDescriptor` (a connected SOCK_SEQPACKET socket) and starts reading it.
    package init(fileDescriptor: Int32, configuration: Configuration = .init()) {
        self.configuration = configuration
        state = Mutex(State(fd: fileDescriptor))
        (notifications, sink) = AsyncStream.makeStream(of: ATTNotification.self, bufferingPolicy: .unbounded)
        BlockingExecutor.shared.execute("ATTClient reader") { [self] in readLoop(fd: fileDescriptor) }
    }

    /// The ATT MTU in effect (23 until ``exchangeMTU(_:)`` agrees on more).
    package var mtu: UInt16 { state.withLock { $0.mtu } }

    /// How many of the peer's own requests were answered (with an error or an MTU response).
    package var answeredPeerRequests: Int { state.withLock { $0.answeredPeerRequests } }

    /// Whether the connection has ended or was closed.
    package var isClosed: Bool { state.withLock { $0.ended != nil } }

    /// Ends the connection: wakes the reader thread (by shutting the socket down), which then closes
    /// the descriptor. Safe to call more than once and from any thread.
    package func close() {
        state.withLock { s in
            if s.fd >= 0 { _ = shutdown(s.fd, Int32(SHUT_RDWR)) }
        }
        end(.disconnected(errno: nil))
    }

    // MARK: Requests

    /// Offers `mtu` as our receive MTU and returns the MTU then in effect (the smaller of both, at
    /// least 23). Optional: without it the MTU is 23, enough for the Muse's 20-byte packets.
    @discardableResult
    package func exchangeMTU(_ mtu: UInt16) async throws -> UInt16 {
        let response = try await request(.exchangeMTURequest(clientMTU: mtu))
        guard case .exchangeMTUResponse(let server) = response else {
            throw ATTError.unexpectedResponse(request: ATTOpcode.exchangeMTURequest.rawValue, response: response.opcode)
        }
        let agreed = max(23, min(mtu, server))
        state.withLock { $0.mtu = agreed }
        return agreed
    }

    /// Every primary service of the peer, in handle order: Read By Group Type over 0x0001–0xFFFF,
    /// repeated from the last end handle + 1 until the peer answers Attribute Not Found.
    package func discoverPrimaryServices() async throws -> [GATTService] {
        var services: [GATTService] = []
        let request = ATTOpcode.readByGroupTypeRequest.rawValue
        try await pages(
            from: 0x0001, through: 0xFFFF, { .readByGroupTypeRequest(start: $0, end: 0xFFFF, type: .primaryService) },
            list: { if case .readByGroupTypeResponse(let list) = $0 { list } else { nil } }, lastHandle: \.end
        ) { entries, start in
            for entry in entries {
                guard let uuid = BluetoothUUID(wire: entry.value), entry.end >= entry.start, entry.start >= start else {
                    throw ATTError.malformedPDU(opcode: request + 1, reason: "bad service entry at 0x\(String(entry.start, radix: 16))")
                }
                services.append(GATTService(start: entry.start, end: entry.end, uuid: uuid))
            }
        }
        return services
    }

    /// The characteristics of `service`: Read By Type 0x2803 over its range, paged (a response holds
    /// as many entries as fit the MTU, one 128-bit one at MTU 23) from the last declaration + 1 until
    /// Attribute Not Found or the end of the range.
    package func discoverCharacteristics(in service: GATTService) async throws -> [GATTCharacteristic] {
        var found: [(declaration: UInt16, properties: UInt8, value: UInt16, uuid: BluetoothUUID)] = []
        let request = ATTOpcode.readByTypeRequest.rawValue
        try await pages(
            from: service.start, through: service.end, { .readByTypeRequest(start: $0, end: service.end, type: .characteristicDeclaration) },
            list: { if case .readByTypeResponse(let list) = $0 { list } else { nil } }, lastHandle: \.handle
        ) { entries, start in
            for entry in entries {
                var r = ByteReader(entry.value, opcode: request + 1)
                let properties = try r.u8()
                let valueHandle = try r.u16()
                let size = r.remaining
                guard size == 2 || size == 16, entry.handle >= start, entry.handle <= service.end else {
                    throw ATTError.malformedPDU(opcode: request + 1, reason: "bad characteristic declaration at 0x\(String(entry.handle, radix: 16))")
                }
                found.append((entry.handle, properties, valueHandle, try r.uuid(size)))
            }
        }
        found.sort { $0.declaration < $1.declaration }
        return found.enumerated().map { i, c in
            let end = i + 1 < found.count ? max(found[i + 1].declaration, 1) - 1 : service.end
            return GATTCharacteristic(
                declarationHandle: c.declaration, properties: GATTCharacteristicProperties(rawValue: c.properties),
                valueHandle: c.value, uuid: c.uuid, endHandle: max(end, c.value))
        }
    }

    /// The descriptors of `characteristic` (Find Information over value handle + 1 … its end handle).
    package func discoverDescriptors(of characteristic: GATTCharacteristic) async throws -> [GATTDescriptor] {
        guard characteristic.valueHandle < characteristic.endHandle else { return [] }
        return try await discoverDescriptors(from: characteristic.valueHandle + 1, through: characteristic.endHandle)
    }

    /// Every attribute handle and type in `start...end` (Find Information, paged until Attribute Not
    /// Found or the end of the range).
    package func discoverDescriptors(from start: UInt16, through end: UInt16) async throws -> [GATTDescriptor] {
        var descriptors: [GATTDescriptor] = []
        let request = ATTOpcode.findInformationRequest.rawValue
        guard start > 0 else { return [] }
        try await pages(
            from: start, through: end, { .findInformationRequest(start: $0, end: end) },
            list: { if case .findInformationResponse(let list) = $0 { list } else { nil } }, lastHandle: \.handle
        ) { entries, next in
            for entry in entries {
                guard entry.handle >= next, entry.handle <= end else {
                    throw ATTError.malformedPDU(opcode: request + 1, reason: "handle 0x\(String(entry.handle, radix: 16)) outside the range")
                }
                descriptors.append(GATTDescriptor(handle: entry.handle, uuid: entry.type))
            }
        }
        return descriptors
    }

    /// Runs a paged discovery, the shape all three GATT discoveries share: sends `request(start)` from
    /// `first` on, hands each response's entries and the page's start to `body`, and continues after
    /// the last entry's handle until the peer answers Attribute Not Found, a page is empty, or `end`
    /// is reached. A response of another kind is ``ATTError/unexpectedResponse(request:response:)``.
    private func pages<Entry>(
        from first: UInt16, through end: UInt16, _ request: (UInt16) -> ATTPDU, list: (ATTPDU) -> [Entry]?,
        lastHandle: (Entry) -> UInt16, _ body: ([Entry], UInt16) throws -> Void
    ) async throws {
        var start = first
        while start <= end {
            let pdu = request(start)
            let entries: [Entry]
            do {
                let response = try await self.request(pdu)
                guard let page = list(response) else {
                    throw ATTError.unexpectedResponse(request: pdu.opcode, response: response.opcode)
                }
                entries = page
            } catch ATTError.errorResponse(_, _, ATTErrorCode.attributeNotFound) {
                return
            }
            try body(entries, start)
            guard let last = entries.last.map(lastHandle), last < end else { return }
            start = last + 1
        }
    }

    /// Switches notifications of `characteristic` on: finds its CCCD (0x2902) and writes `01 00` to it
    /// with a Write Request (`02 00`, indications, if it can indicate but not notify). Returns the
    /// CCCD handle.
    @discardableResult
    package func enableNotifications(for characteristic: GATTCharacteristic) async throws -> UInt16 {
        let cccd = try await clientConfigurationHandle(of: characteristic)
        let indicateOnly = characteristic.properties.contains(.indicate) && !characteristic.properties.contains(.notify)
        try await write(handle: cccd, value: indicateOnly ? [0x02, 0x00] : [0x01, 0x00])
        return cccd
    }

    /// Switches notifications and indications of `characteristic` off (writes `00 00` to its CCCD).
    package func disableNotifications(for characteristic: GATTCharacteristic) async throws {
        try await write(handle: try await clientConfigurationHandle(of: characteristic), value: [0x00, 0x00])
    }

    /// Writes `value` to `handle` with a Write Request and waits for the Write Response.
    package func write(handle: UInt16, value: [UInt8]) async throws {
        let response = try await request(.writeRequest(handle: handle, value: value))
        guard case .writeResponse = response else {
            throw ATTError.unexpectedResponse(request: ATTOpcode.writeRequest.rawValue, response: response.opcode)
        }
    }

    /// Writes `value` to `handle` with a Write Command (no response; may be sent while a request is
    /// outstanding, as ATT allows).
    package func writeWithoutResponse(handle: UInt16, value: [UInt8]) throws {
        try sendNow(.writeCommand(handle: handle, value: value))
    }

    /// Sends `pdu` (a request), waits for its response and returns it; an Error Response for it is
    /// thrown as ``ATTError/errorResponse(request:handle:code:)``.
    package func request(_ pdu: ATTPDU) async throws -> ATTPDU {
        await gate.acquire()
        defer { gate.release() }
        let id = state.withLock { s -> UInt64 in
            s.nextID &+= 1
            return s.nextID
        }
        let opcode = pdu.opcode
        let seconds = configuration.requestTimeout
        let timer = Task { [self] in
            try? await Task.sleep(nanoseconds: UInt64(max(0, seconds) * 1e9))
            if !Task.isCancelled { expire(id: id, request: opcode) }
        }
        defer { timer.cancel() }
        let response: ATTPDU = try await withCheckedThrowingContinuation { continuation in
            let failure = state.withLock { s -> ATTError? in
                if let ended = s.ended { return ended }
                if s.expiredID == id { return .timeout(request: opcode, seconds: seconds) }
                s.pending = Pending(id: id, request: opcode, continuation: continuation)
                if let code = Socket.send(s.fd, pdu.encoded) {
                    s.pending = nil
                    return .system(call: "send", errno: code)
                }
                return nil
            }
            if let failure { continuation.resume(throwing: failure) }
        }
        if case .errorResponse(let request, let handle, let code) = response {
            throw ATTError.errorResponse(request: request, handle: handle, code: code)
        }
        return response
    }

    // MARK: Internals

    private func clientConfigurationHandle(of characteristic: GATTCharacteristic) async throws -> UInt16 {
        let descriptors = try await discoverDescriptors(of: characteristic)
        guard let cccd = descriptors.first(where: { $0.uuid == .clientCharacteristicConfiguration }) else {
            throw ATTError.errorResponse(
                request: ATTOpcode.findInformationRequest.rawValue, handle: characteristic.valueHandle,
                code: ATTErrorCode.attributeNotFound)
        }
        return cccd.handle
    }

    private func sendNow(_ pdu: ATTPDU) throws(ATTError) {
        let failure = state.withLock { s -> ATTError? in
            if let ended = s.ended { return ended }
            if let code = Socket.send(s.fd, pdu.encoded) { return .system(call: "send", errno: code) }
            return nil
        }
        if let failure { throw failure }
    }

    private func expire(id: UInt64, request: UInt8) {
        let pending = state.withLock { s -> Pending? in
            s.expiredID = id
            guard let p = s.pending, p.id == id else { return nil }
            s.pending = nil
            return p
        }
        pending?.continuation.resume(throwing: ATTError.timeout(request: request, seconds: configuration.requestTimeout))
    }

    private func end(_ error: ATTError) {
        let pending = state.withLock { s -> Pending? in
            if s.ended == nil { s.ended = error }
            defer { s.pending = nil }
            return s.pending
        }
        pending?.continuation.resume(throwing: error)
        sink.finish()
    }

    private func readLoop(fd: Int32) {
        loop: while true {
            let revents = Socket.poll([fd], timeoutMs: -1)[0]
            if revents == 0 { continue }
            switch Socket.receive(fd, capacity: 1024) {
            case .success(let bytes):
                let stamp = configuration.clock()
                if bytes.isEmpty {
                    end(.disconnected(errno: nil))
                    break loop
                }
                handle(bytes, receivedAt: stamp)
            case .failure(let failure):
                if failure.errno == EAGAIN || failure.errno == EWOULDBLOCK {
                    if revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
                        end(.disconnected(errno: nil))
                        break loop
                    }
                    continue
                }
                end(.disconnected(errno: failure.errno))
                break loop
            }
        }
        state.withLock { s in
            Glibc.close(s.fd)
            s.fd = -1
        }
    }

    private func handle(_ bytes: [UInt8], receivedAt: UInt64) {
        let pdu: ATTPDU
        do {
            pdu = try ATTPDU.decode(bytes)
        } catch {
            let opcode = bytes.first ?? 0
            if ATTOpcode.requestOpcodes.contains(opcode) {
                answerPeerRequest(opcode: opcode, bytes: bytes)
            } else if ATTOpcode.responseOpcodes.contains(opcode) {
                resolve(with: .failure(error))
            }
            return
        }
        switch pdu {
        case .notification(let handle, let value):
            sink.yield(ATTNotification(handle: handle, value: value, receivedAt: receivedAt))
        case .indication(let handle, let value):
            try? sendNow(.confirmation)
            sink.yield(ATTNotification(handle: handle, value: value, receivedAt: receivedAt))
        case .exchangeMTURequest:
            state.withLock { $0.answeredPeerRequests += 1 }
            try? sendNow(.exchangeMTUResponse(serverMTU: configuration.receiveMTU))
        default:
            if ATTOpcode.requestOpcodes.contains(pdu.opcode) {
                answerPeerRequest(opcode: pdu.opcode, bytes: bytes)
            } else if ATTOpcode.responseOpcodes.contains(pdu.opcode) {
                resolve(with: .success(pdu))
            }
        }
    }

    private func answerPeerRequest(opcode: UInt8, bytes: [UInt8]) {
        let handle: UInt16 =
            bytes.count >= 3 && opcode != ATTOpcode.exchangeMTURequest.rawValue
            ? UInt16(bytes[1]) | UInt16(bytes[2]) << 8 : 0
        state.withLock { $0.answeredPeerRequests += 1 }
        try? sendNow(.errorResponse(request: opcode, handle: handle, code: ATTErrorCode.requestNotSupported))
    }

    private func resolve(with result: Result<ATTPDU, ATTError>) {
        let pending = state.withLock { s -> Pending? in
            defer { s.pending = nil }
            return s.pending
        }
        guard let pending else { return }
        switch result {
        case .success(let pdu):
            if case .errorResponse(let request, _, _) = pdu, request != pending.request {
                pending.continuation.resume(throwing: ATTError.unexpectedResponse(request: pending.request, response: pdu.opcode))
            } else if case .errorResponse = pdu {
                pending.continuation.resume(returning: pdu)
            } else if pdu.opcode != pending.request &+ 1 {
                pending.continuation.resume(throwing: ATTError.unexpectedResponse(request: pending.request, response: pdu.opcode))
            } else {
                pending.continuation.resume(returning: pdu)
            }
        case .failure(let error):
            pending.continuation.resume(throwing: error)
        }
    }
}
