import DataSources
import Foundation
import Glibc
import Testing

@testable import Muse

struct ATTClientTests {
    @Test func exchangesMTUAndDiscoversTheSimulatorsTable() async throws {
        var configuration = SimulatedHeadband.Configuration()
        configuration.mtu = 23
        let connection = try await MuseTestConnection(configuration)
        defer { connection.finish() }
        #expect(try await connection.client.exchangeMTU(247) == 23)
        #expect(connection.client.mtu == 23)

        // Generic Access and Generic Attribute come before the Muse service, which is not where muselsl has it.
        #expect(connection.services.map(\.uuid) == [BluetoothUUID(0x1800), BluetoothUUID(0x1801), MuseCharacteristic.service])
        #expect(connection.museService.start == SimulatedHeadband.Configuration().museStartForTests)
        #expect(connection.services == connection.headband.table.services)

        // All Muse characteristics, one per Read By Type response at MTU 23, with the simulator's handles.
        let expected: [MuseCharacteristic] = [
            .control, .tp9, .af7, .af8, .tp10, .rightAux, .gyroscope, .accelerometer, .telemetry, .ppg1, .ppg2, .ppg3,
        ]
        #expect(connection.characteristics.map(\.uuid) == expected.map(\.uuid))
        for placed in connection.headband.table.characteristics {
            let found = try #require(connection.characteristic(placed.kind))
            #expect(found.declarationHandle == placed.declarationHandle)
            #expect(found.valueHandle == placed.valueHandle)
            #expect(found.endHandle == placed.cccdHandle)
        }
        #expect(connection.characteristic(.tp9)?.valueHandle == 0x0025)  // muselsl: 0x0020
        #expect(connection.characteristic(.control)?.properties.contains([.notify, .writeWithoutResponse]) == true)
        let readByType = connection.headband.log.received.filter { $0.first == 0x08 }
        #expect(readByType.count == expected.count + 1)  // one page per characteristic, then Attribute Not Found

        // CCCDs are found with Find Information.
        for kind in expected {
            let characteristic = try #require(connection.characteristic(kind))
            let descriptors = try await connection.client.discoverDescriptors(of: characteristic)
            #expect(descriptors == [GATTDescriptor(handle: characteristic.valueHandle + 1, uuid: .clientCharacteristicConfiguration)])
        }
    }

    @Test func enablesNotificationsAndReceivesControlReplies() async throws {
        let connection = try await MuseTestConnection()
        defer { connection.finish() }
        let control = try #require(connection.characteristic(.control))
        #expect(try await connection.client.enableNotifications(for: control) == control.valueHandle + 1)
        #expect(await connection.headband.waitUntil { $0.subscribed == [.control] })
        #expect(connection.headband.log.received.contains([0x12] + le(control.valueHandle + 1) + [0x01, 0x00]))

        try connection.command("v1")
        try await connection.client.write(handle: control.valueHandle, value: MusePacketEncoder.command("s"))
        var collector = ControlReplyCollector()
        for await notification in connection.client.notifications {
            #expect(notification.handle == control.valueHandle)
            #expect(notification.value.count == 20)
            #expect(notification.receivedAt > 0)
            collector.add(notification.value)
            if collector.replies.count == 2 { break }
        }
        #expect(collector.replies[0] == #"{"ap":"headset","sp":"RevE","tp":"consumer","hw":"3.1","bn":27,"fw":"1.2.13","bl":"1.2.3","pv":1,"rc":0}"#)
        #expect(collector.replies[1].contains(#""bp":82"#))
        #expect(collector.replies[1].contains(#""ps":33"#))
        #expect(connection.headband.log.commands == ["v1", "s"])
        #expect(connection.headband.log.received.contains([0x52] + le(control.valueHandle) + [0x03, 0x76, 0x31, 0x0A]))
    }

    @Test func answersTheHeadbandsOwnRequestWithRequestNotSupported() async throws {
        var configuration = SimulatedHeadband.Configuration()
        configuration.sendsReadRequest = true
        let connection = try await MuseTestConnection(configuration)
        defer { connection.finish() }
        let tp9 = try #require(connection.characteristic(.tp9))
        try await connection.client.enableNotifications(for: tp9)
        let nameHandle = connection.headband.table.deviceNameHandle
        let answer: [UInt8] = [0x01, 0x0A] + le(nameHandle) + [0x06]
        #expect(await connection.headband.waitUntil { $0.received.contains(answer) })
        #expect(connection.client.answeredPeerRequests == 1)
        // The client keeps working afterwards.
        #expect(try await connection.client.discoverPrimaryServices().count == 3)
    }

    @Test func requestTimesOutWhenThePeerStaysSilent() async throws {
        let (mine, peer) = try seqpacketPair()
        defer { Glibc.close(peer) }
        let clock = SystemHostClock.monotonicNanoseconds()
        let client = ATTClient(fileDescriptor: mine, configuration: .init(requestTimeout: 0.2))
        defer { client.close() }
        await #expect(throws: ATTError.timeout(request: 0x10, seconds: 0.2)) {
            _ = try await client.discoverPrimaryServices()
        }
        let elapsed = Double(SystemHostClock.monotonicNanoseconds() - clock) / 1e9
        #expect(elapsed >= 0.2 && elapsed < 3)
        // The silent peer did receive the request.
        #expect(try receive(peer) == [0x10, 0x01, 0x00, 0xFF, 0xFF, 0x00, 0x28])
    }

    @Test func disconnectFailsThePendingRequestAndEndsTheStream() async throws {
        let (mine, peer) = try seqpacketPair()
        let client = ATTClient(fileDescriptor: mine)
        let pending = Task { try await client.write(handle: 0x30, value: [1, 0]) }
        #expect(try receive(peer) == [0x12, 0x30, 0x00, 0x01, 0x00])
        _ = sendRaw(peer, [0x1B, 0x25, 0x00, 0xAA])
        Glibc.close(peer)
        var received: [ATTNotification] = []
        for await notification in client.notifications { received.append(notification) }
        #expect(received.map(\.value) == [[0xAA]])
        await #expect(throws: ATTError.disconnected(errno: nil)) { try await pending.value }
        await #expect(throws: ATTError.disconnected(errno: nil)) { try await client.write(handle: 1, value: []) }
        #expect(client.isClosed)
        client.close()
        client.close()
    }

    @Test func closeIsIdempotentAndWakesTheReader() async throws {
        let (mine, peer) = try seqpacketPair()
        defer { Glibc.close(peer) }
        let client = ATTClient(fileDescriptor: mine)
        client.close()
        client.close()
        var count = 0
        for await _ in client.notifications { count += 1 }
        #expect(count == 0)
        // The reader closed its end: the peer sees end of stream.
        var pollSet = pollfd(fd: peer, events: Int16(POLLIN), revents: 0)
        #expect(poll(&pollSet, 1, 2000) == 1)
        #expect(try receive(peer) == [])
    }

    @Test func injectedClockStampsNotificationsAndIndicationsAreConfirmed() async throws {
        let (mine, peer) = try seqpacketPair()
        defer { Glibc.close(peer) }
        let client = ATTClient(fileDescriptor: mine, configuration: .init(clock: { 42 }))
        defer { client.close() }
        _ = sendRaw(peer, [0x1D, 0x06, 0x00, 0x01, 0x00])
        _ = sendRaw(peer, [0x1B, 0x25, 0x00, 0x07])
        _ = sendRaw(peer, [0xFF, 0x00])  // garbage is ignored
        _ = sendRaw(peer, [0x02, 0x00, 0x02])  // the peer's MTU request gets an MTU response
        var received: [ATTNotification] = []
        for await notification in client.notifications {
            received.append(notification)
            if received.count == 2 { break }
        }
        #expect(received == [ATTNotification(handle: 6, value: [1, 0], receivedAt: 42), ATTNotification(handle: 0x25, value: [7], receivedAt: 42)])
        #expect(try receive(peer) == [0x1E])
        #expect(try receive(peer) == [0x03, 0x17, 0x00])
    }

    @Test func garbageFromThePeerNeverCrashesTheClient() async throws {
        let (mine, peer) = try seqpacketPair()
        defer { Glibc.close(peer) }
        let client = ATTClient(fileDescriptor: mine, configuration: .init(requestTimeout: 2))
        defer { client.close() }
        var random = SeededGenerator(seed: 7)
        for _ in 0..<500 {
            let bytes = (0..<Int.random(in: 1...30, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            let filtered = bytes.first == 0x1B || bytes.first == 0x1D ? [0x00] + bytes : bytes
            _ = sendRaw(peer, filtered)
        }
        _ = sendRaw(peer, [0x1B, 0x01, 0x00, 0x55])
        var last: ATTNotification?
        for await notification in client.notifications {
            last = notification
            break
        }
        #expect(last?.value == [0x55])
        #expect(!client.isClosed)
    }
}

extension SimulatedHeadband.Configuration {
    /// Where the simulator puts the Muse service.
    var museStartForTests: UInt16 { SimulatedGATTTable.museServiceStart }
}

func le(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }

func seqpacketPair() throws -> (Int32, Int32) {
    var fds: [Int32] = [-1, -1]
    guard socketpair(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue), 0, &fds) == 0 else { throw ATTError.system(call: "socketpair", errno: errno) }
    return (fds[0], fds[1])
}

func sendRaw(_ fd: Int32, _ bytes: [UInt8]) -> Int {
    bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
}

/// One packet from `fd`, waiting up to 2 s.
func receive(_ fd: Int32) throws -> [UInt8] {
    var pollSet = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    guard poll(&pollSet, 1, 2000) == 1 else { throw ATTError.timeout(request: 0, seconds: 2) }
    var buffer = [UInt8](repeating: 0, count: 512)
    let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
    guard n >= 0 else { throw ATTError.system(call: "recv", errno: errno) }
    return Array(buffer[0..<n])
}
