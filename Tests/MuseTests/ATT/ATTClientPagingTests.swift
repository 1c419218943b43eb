import Foundation
import Glibc
import Testing

@testable import Muse

/// Discovery paging against a scripted peer that answers one entry per response, so every "repeat
/// from last handle + 1" step is visible in the requests it receives.
struct ATTClientPagingTests {
    /// Answers each request in `script` order on its own thread and records the requests.
    final class ScriptedPeer: @unchecked Sendable {
        private let lock = NSLock()
        private var requests: [[UInt8]] = []
        let done = DispatchSemaphore(value: 0)

        init(fd: Int32, script: [[UInt8]]) {
            let thread = Thread { [self] in
                for answer in script {
                    guard let request = try? receive(fd) else { break }
                    lock.withLock { requests.append(request) }
                    _ = sendRaw(fd, answer)
                }
                done.signal()
            }
            thread.start()
        }

        var received: [[UInt8]] { lock.withLock { requests } }
    }

    @Test func servicesCharacteristicsAndDescriptorsArePagedFromTheLastHandle() async throws {
        let (mine, peer) = try seqpacketPair()
        defer { close(peer) }
        let tp9 = MuseCharacteristic.tp9.uuid.wire, af7 = MuseCharacteristic.af7.uuid.wire
        let script: [[UInt8]] = [
            // Services: one per response, then Attribute Not Found.
            [0x11, 0x06, 0x01, 0x00, 0x05, 0x00, 0x00, 0x18],
            [0x11, 0x06, 0x10, 0x00, 0x30, 0x00, 0x8D, 0xFE],
            [0x01, 0x10, 0x31, 0x00, 0x0A],
            // Characteristics of 0x0010-0x0030: two, then the range end is reached by Attribute Not Found.
            [0x09, 0x15, 0x11, 0x00, 0x10, 0x12, 0x00] + tp9,
            [0x09, 0x15, 0x14, 0x00, 0x10, 0x15, 0x00] + af7,
            [0x01, 0x08, 0x17, 0x00, 0x0A],
            // Descriptors of the first (0x0013 only): a user description, no CCCD.
            [0x05, 0x01, 0x13, 0x00, 0x01, 0x29],
        ]
        let scripted = ScriptedPeer(fd: peer, script: script)
        let client = ATTClient(fileDescriptor: mine, configuration: .init(requestTimeout: 2))
        defer { client.close() }
        let services = try await client.discoverPrimaryServices()
        #expect(
            services == [
                GATTService(start: 1, end: 5, uuid: BluetoothUUID(0x1800)), GATTService(start: 0x10, end: 0x30, uuid: MuseCharacteristic.service),
            ])
        let characteristics = try await client.discoverCharacteristics(in: services[1])
        #expect(characteristics.map(\.valueHandle) == [0x12, 0x15])
        #expect(characteristics.map(\.endHandle) == [0x13, 0x30])
        #expect(characteristics.map(\.uuid) == [MuseCharacteristic.tp9.uuid, MuseCharacteristic.af7.uuid])
        // A characteristic with no CCCD cannot be subscribed.
        await #expect(throws: ATTError.errorResponse(request: 0x04, handle: 0x12, code: 0x0A)) {
            try await client.enableNotifications(for: characteristics[0])
        }
        scripted.done.wait()
        #expect(
            scripted.received == [
                [0x10, 0x01, 0x00, 0xFF, 0xFF, 0x00, 0x28],
                [0x10, 0x06, 0x00, 0xFF, 0xFF, 0x00, 0x28],
                [0x10, 0x31, 0x00, 0xFF, 0xFF, 0x00, 0x28],
                [0x08, 0x10, 0x00, 0x30, 0x00, 0x03, 0x28],
                [0x08, 0x12, 0x00, 0x30, 0x00, 0x03, 0x28],
                [0x08, 0x15, 0x00, 0x30, 0x00, 0x03, 0x28],
                [0x04, 0x13, 0x00, 0x13, 0x00],
            ])
    }

    @Test func aResponseToAnotherRequestIsRejected() async throws {
        let (mine, peer) = try seqpacketPair()
        defer { close(peer) }
        _ = ScriptedPeer(fd: peer, script: [[0x13]])
        let client = ATTClient(fileDescriptor: mine, configuration: .init(requestTimeout: 2))
        defer { client.close() }
        await #expect(throws: ATTError.unexpectedResponse(request: 0x02, response: 0x13)) {
            try await client.exchangeMTU(100)
        }
    }
}
