import DataSources
import Foundation
import Glibc
import TestSupport
import Testing

@testable import Muse

/// An EEG packet as the client received it.
struct ReceivedEEG: Equatable {
    var channel: Int
    var counter: UInt16
    var codes: [UInt16]
}

extension MuseTestConnection {
    /// EEG packets received until `done` says stop (or the stream ends), plus everything else by kind.
    func collect(until done: ([ReceivedEEG]) -> Bool) async -> (eeg: [ReceivedEEG], other: [MuseCharacteristic: [[UInt8]]]) {
        var byHandle: [UInt16: MuseCharacteristic] = [:]
        for kind in MuseCharacteristic.allCases { if let c = characteristic(kind) { byHandle[c.valueHandle] = kind } }
        var eeg: [ReceivedEEG] = []
        var other: [MuseCharacteristic: [[UInt8]]] = [:]
        for await notification in client.notifications {
            guard let kind = byHandle[notification.handle] else { continue }
            if let channel = kind.eegChannel, let packet = EEGTestDecoder.decode(notification.value) {
                eeg.append(ReceivedEEG(channel: channel, counter: packet.counter, codes: packet.codes))
                if done(eeg) { break }
            } else {
                other[kind, default: []].append(notification.value)
            }
        }
        return (eeg, other)
    }
}

struct SimulatedHeadbandTests {
    static let fourChannels: [MuseCharacteristic] = [.tp9, .af7, .af8, .tp10]

    @Test func streamsDeterministicEEGAcrossTheCounterWrap() async throws {
        var configuration = SimulatedHeadband.Configuration()
        configuration.startCounter = 65530
        configuration.speed = 20
        configuration.seed = 99
        let connection = try await MuseTestConnection(configuration)
        defer { connection.finish() }
        try await connection.subscribe(Self.fourChannels + [.telemetry, .accelerometer])
        try connection.command("d")
        let (eeg, other) = await connection.collect { $0.count >= 12 * 4 }
        #expect(eeg.count == 48)
        let counters = stride(from: 0, to: 48, by: 4).map { eeg[$0].counter }
        #expect(counters == [65530, 65531, 65532, 65533, 65534, 65535, 0, 1, 2, 3, 4, 5])
        for (i, packet) in eeg.enumerated() {
            let sequence = Int64(65530 + i / 4)
            let expected = (0..<12).map { connection.headband.eegCode(channel: packet.channel, sampleIndex: sequence * 12 + Int64($0)) }
            #expect(packet.codes == expected, "packet \(i)")
        }
        // Arrival order within a block as on real headbands: TP10, AF8, TP9, AF7; no AUX at preset 21.
        #expect(eeg.prefix(4).map(\.channel) == [3, 2, 0, 1])
        // The record of what was sent matches what arrived. The simulator notes a packet once its
        // write returned, which can be just after the client has read it: wait for the 48th note.
        let noted = ContinuousClock.now + .seconds(5)
        while connection.headband.log.sentEEG.count < 48 && ContinuousClock.now < noted { try await Task.sleep(for: .milliseconds(1)) }
        let sent = connection.headband.log.sentEEG.prefix(48).map { [$0.channel, Int($0.counter)] }
        #expect(sent == eeg.map { [$0.channel, Int($0.counter)] })
        #expect(connection.headband.log.droppedEEG.isEmpty)
        // The signal is not flat and differs per seed.
        #expect(Set(eeg.flatMap(\.codes)).count > 50)
        #expect(
            SimulatedSignal(seed: 1).eegCode(channel: 0, sampleIndex: 5) != SimulatedSignal(seed: 2).eegCode(channel: 0, sampleIndex: 5)
                || SimulatedSignal(seed: 1).eegCode(channel: 0, sampleIndex: 6) != SimulatedSignal(seed: 2).eegCode(channel: 0, sampleIndex: 6))
        // Telemetry at about 1 Hz (here 20 Hz) carries battery × 512; accelerometer packets are 20 bytes.
        let telemetry = try #require(other[.telemetry]?.first)
        #expect(UInt16(telemetry[2]) << 8 | UInt16(telemetry[3]) == 82 * 512)
        #expect(other[.accelerometer]?.allSatisfy { $0.count == 20 } == true)
        #expect((other[.accelerometer]?.count ?? 0) >= 5)
    }

    @Test func dropsSwapsAndRecordsFaults() async throws {
        var configuration = SimulatedHeadband.Configuration()
        configuration.speed = 20
        configuration.droppedBlocks = [3]
        configuration.droppedChannelPackets = [ChannelPacket(counter: 5, channel: 1)]
        configuration.swappedBlocks = [7]
        let connection = try await MuseTestConnection(configuration)
        defer { connection.finish() }
        try await connection.subscribe(Self.fourChannels)
        try connection.command("d")
        let (eeg, _) = await connection.collect { $0.count >= 10 * 4 - 1 }
        let blocks = eeg.map(\.counter)
        #expect(!blocks.contains(3))
        #expect(!eeg.contains { $0.counter == 5 && $0.channel == 1 })
        #expect(eeg.filter { $0.counter == 5 }.count == 3)
        // Block 7 arrives after block 8.
        let order = blocks.reduce(into: [UInt16]()) { if $0.last != $1 { $0.append($1) } }
        #expect(order == [0, 1, 2, 4, 5, 6, 8, 7, 9, 10])
        let dropped = connection.headband.log.droppedEEG.map { [Int($0.counter), $0.channel] }
        #expect(Set(dropped) == [[3, 0], [3, 1], [3, 2], [3, 3], [5, 1]])
    }

    @Test func presetsChooseAuxAndPPG() async throws {
        var configuration = SimulatedHeadband.Configuration()
        configuration.speed = 20
        let connection = try await MuseTestConnection(configuration)
        defer { connection.finish() }
        try await connection.subscribe([.control] + Self.fourChannels + [.rightAux, .ppg1, .ppg2, .ppg3])
        try connection.command("p50")
        try connection.command("s")
        try connection.command("d")
        let (eeg, other) = await connection.collect { $0.count >= 5 * 8 }
        #expect(eeg.prefix(5).map(\.channel) == [4, 3, 2, 0, 1])
        #expect((other[.ppg2]?.count ?? 0) >= 1)
        #expect(other[.ppg2]?.first?.count == 20)
        var collector = ControlReplyCollector()
        for value in other[.control] ?? [] { collector.add(value) }
        #expect(collector.replies.count == 3)
        #expect(collector.replies[1].contains(#""ps":80"#))
        #expect(connection.headband.log.preset == "50")
    }

    @Test func packedControlRepliesShareANotification() async throws {
        var configuration = SimulatedHeadband.Configuration()
        configuration.packsControlReplies = true
        configuration.batteryPercent = 15
        let connection = try await MuseTestConnection(configuration)
        defer { connection.finish() }
        try await connection.subscribe([.control])
        try connection.command("v1")
        try connection.command("s")
        try connection.command("h")
        var collector = ControlReplyCollector()
        for await notification in connection.client.notifications {
            collector.add(notification.value)
            if collector.replies.count == 3 { break }
        }
        #expect(collector.replies[0].hasPrefix(#"{"ap":"headset""#))
        #expect(collector.replies[1].contains(#""bp":15"#))
        #expect(collector.replies[2] == #"{"rc":0}"#)
        let packed = collector.fragments.contains { fragment in
            let text = String(decoding: fragment.dropFirst().prefix(Int(fragment.first ?? 0)), as: UTF8.self)
            return text.contains("}{")
        }
        #expect(packed)
    }

    @Test func disconnectsAfterNBlocksAndAcceptsAReconnect() async throws {
        for restarts in [false, true] {
            var configuration = SimulatedHeadband.Configuration()
            configuration.speed = 20
            configuration.disconnectAfterBlocks = 5
            configuration.restartsCounterAfterReconnect = restarts
            let connection = try await MuseTestConnection(configuration)
            defer { connection.finish() }
            try await connection.subscribe([.tp9])
            try connection.command("d")
            let (first, _) = await connection.collect { _ in false }  // until the stream ends
            #expect(first.map(\.counter) == [0, 1, 2, 3, 4])
            #expect(connection.client.isClosed)

            let again = ATTClient(fileDescriptor: try UnixSeqpacketConnector().connect(path: connection.headband.path))
            defer { again.close() }
            let tp9 = try #require(connection.characteristic(.tp9))
            let control = try #require(connection.characteristic(.control))
            try await again.enableNotifications(for: tp9)
            try again.writeWithoutResponse(handle: control.valueHandle, value: MusePacketEncoder.command("d"))
            var counters: [UInt16] = []
            for await notification in again.notifications where notification.handle == tp9.valueHandle {
                counters.append(EEGTestDecoder.decode(notification.value)?.counter ?? 9999)
                if counters.count == 3 { break }
            }
            #expect(counters == (restarts ? [0, 1, 2] : [5, 6, 7]))
            #expect(connection.headband.log.connections == 2)
        }
    }

    @Test func exposesAthenaWhenAsked() async throws {
        var configuration = SimulatedHeadband.Configuration()
        configuration.includesAthena = true
        let connection = try await MuseTestConnection(configuration)
        defer { connection.finish() }
        #expect(connection.characteristic(.athena) != nil && connection.characteristic(.athenaSecondary) != nil)
        #expect(connection.characteristic(.tp9) == nil)
        #expect(connection.characteristics.last?.uuid.description == "273e0014-4c4d-454d-96be-f03bac821358")
    }

    @Test func pacesInRealTimeScaledBySpeed() async throws {
        var configuration = SimulatedHeadband.Configuration()
        configuration.speed = 10
        let connection = try await MuseTestConnection(configuration)
        defer { connection.finish() }
        try await connection.subscribe([.tp9])
        try connection.command("d")
        let start = SystemHostClock.monotonicNanoseconds()
        let (eeg, _) = await connection.collect { $0.count >= 41 }
        let elapsed = Double(SystemHostClock.monotonicNanoseconds() - start) / 1e9
        #expect(eeg.count == 41)
        // Block 40 is due 40 × 46.875 ms / 10 = 0.1875 s after start.
        #expect(elapsed >= 0.17)
        #expect(elapsed < 1.5)
    }

    @Test func refusesAnOccupiedPathAndReplacesAStaleSocket() async throws {
        let directory = try ShortSocketDirectory()
        let file = directory.socket("file")
        #expect(FileManager.default.createFile(atPath: file, contents: Data([1])))
        let blocked = SimulatedHeadband(path: file)
        #expect(throws: SimulatorError.pathInUse(file)) { try blocked.start() }
        blocked.stop()  // returns at once after a failed start
        #expect(throws: SimulatorError.pathTooLong("/tmp/" + String(repeating: "y", count: 110))) {
            try SimulatedHeadband(path: "/tmp/" + String(repeating: "y", count: 110)).start()
        }

        let live = SimulatedHeadband(path: directory.socket("live"))
        try live.start()
        defer { live.stop() }
        #expect(throws: SimulatorError.pathInUse(directory.socket("live"))) { try SimulatedHeadband(path: directory.socket("live")).start() }

        // A socket file nobody listens on is stale and replaced.
        let stalePath = directory.socket("stale")
        let fd = socket(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in for (i, b) in stalePath.utf8.enumerated() { raw[i] = b } }
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        close(fd)
        let replacement = SimulatedHeadband(path: stalePath)
        try replacement.start()
        defer { replacement.stop() }
        close(try UnixSeqpacketConnector().connect(path: stalePath))
        #expect(await replacement.waitUntil { $0.connections == 1 })
    }

    /// `stop()` returns at once with the path free (a headband started there right after keeps its
    /// socket, also once the old serving loop has ended); `finished()` waits for that loop.
    @Test func stopFreesThePathAtOnceAndFinishedWaitsForTheLoop() async throws {
        let directory = try ShortSocketDirectory()
        let path = directory.socket("restart")
        let first = SimulatedHeadband(path: path)
        try first.start()
        close(try UnixSeqpacketConnector().connect(path: path))
        #expect(await first.waitUntil { $0.connections == 1 })
        first.stop()
        #expect(!FileManager.default.fileExists(atPath: path))
        let second = SimulatedHeadband(path: path)
        try second.start()
        defer { second.stop() }
        await first.finished()
        #expect(FileManager.default.fileExists(atPath: path))
        close(try UnixSeqpacketConnector().connect(path: path))
        #expect(await second.waitUntil { $0.connections == 1 })
        #expect(first.log.connections == 1)
    }
}
