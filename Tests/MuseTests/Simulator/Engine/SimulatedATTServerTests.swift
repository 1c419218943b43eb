import Glibc
import Testing

@testable import Muse

/// The simulated headband's ATT server on a real `SOCK_SEQPACKET` pair: what it answers, what it hands
/// back, and what it notifies.
struct SimulatedATTServerTests {
    /// Whether a packet waits on `fd` within 50 ms.
    static func pending(_ fd: Int32) -> Bool {
        var set = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&set, 1, 50) == 1
    }

    /// A Write Request for the CCCD of `kind`: notifications on or off.
    static func subscribe(_ table: SimulatedGATTTable, _ kind: MuseCharacteristic, _ on: Bool = true) -> [UInt8] {
        [0x12] + le(table.characteristic(kind)?.cccdHandle ?? 0) + [on ? 0x01 : 0x00, 0x00]
    }

    @Test func notifiesOnlyWhatTheClientSubscribedTo() throws {
        let (mine, peer) = try seqpacketPair()
        defer {
            close(mine)
            close(peer)
        }
        let headband = SimulatedHeadband(path: "/nonexistent/att.sock")
        var server = SimulatedATTServer(headband: headband)
        server.connect(socket: mine, number: 1)
        let tp9 = try #require(headband.table.characteristic(.tp9))
        #expect(server.handle(Self.subscribe(headband.table, .tp9)) == nil)
        #expect(try receive(peer) == [0x13])
        #expect(server.isSubscribed(.tp9) && !server.isSubscribed(.af7))
        #expect(headband.log.subscribed == [.tp9])
        server.send(QueuedNotification(kind: .af7, value: [2]))
        let packet = SimulatedEEGPacket(channel: 0, counter: 9, sequence: 9, connection: 1)
        server.send(QueuedNotification(kind: .tp9, value: [1], eegPacket: packet))
        #expect(try receive(peer) == [0x1B] + le(tp9.valueHandle) + [1])
        #expect(!Self.pending(peer))
        #expect(headband.log.sentEEG.map(\.counter) == [9] && (headband.log.sentEEG.first?.sentAt ?? 0) > 0)
        #expect(headband.log.sentCounts == [.tp9: 1])
        // Unsubscribed, nothing more goes out.
        #expect(server.handle(Self.subscribe(headband.table, .tp9, false)) == nil)
        #expect(try receive(peer) == [0x13])
        server.send(QueuedNotification(kind: .tp9, value: [3]))
        #expect(!Self.pending(peer))
    }

    @Test func handsBackControlWritesAndAnswersOnlyRequests() throws {
        let (mine, peer) = try seqpacketPair()
        defer {
            close(mine)
            close(peer)
        }
        let headband = SimulatedHeadband(path: "/nonexistent/att.sock")
        var server = SimulatedATTServer(headband: headband)
        server.connect(socket: mine, number: 1)
        let control = try #require(headband.table.characteristic(.control))
        let tp9 = try #require(headband.table.characteristic(.tp9))
        let command: [UInt8] = [0x02, 0x64, 0x0A]
        #expect(server.handle([0x12] + le(control.valueHandle) + command) == command)
        #expect(try receive(peer) == [0x13])
        // A Write Command gets no response.
        #expect(server.handle([0x52] + le(control.valueHandle) + command) == command)
        #expect(!Self.pending(peer))
        // A write elsewhere is refused; a truncated request is an invalid PDU.
        #expect(server.handle([0x12] + le(tp9.valueHandle) + [1]) == nil)
        #expect(try receive(peer) == [0x01, 0x12] + le(tp9.valueHandle) + [ATTErrorCode.writeNotPermitted])
        #expect(server.handle([0x0A, 0x01]) == nil)
        #expect(try receive(peer) == [0x01, 0x0A, 0x00, 0x00, ATTErrorCode.invalidPDU])
        #expect(headband.log.received.count == 4)
    }

    @Test func theHeadbandsOwnReadRequestGoesOutOnceAcrossConnections() throws {
        var configuration = SimulatedHeadband.Configuration()
        configuration.sendsReadRequest = true
        let headband = SimulatedHeadband(path: "/nonexistent/att.sock", configuration: configuration)
        var server = SimulatedATTServer(headband: headband)
        for number in 1...2 {
            let (mine, peer) = try seqpacketPair()
            defer {
                close(mine)
                close(peer)
            }
            server.connect(socket: mine, number: number)
            _ = server.handle(Self.subscribe(headband.table, .tp9))
            #expect(try receive(peer) == [0x13])
            if number == 1 { #expect(try receive(peer) == [0x0A] + le(headband.table.deviceNameHandle)) }
            #expect(!Self.pending(peer), "connection \(number)")
        }
    }

    @Test func aFailedWriteEndsTheConnectionUntilTheNext() throws {
        let headband = SimulatedHeadband(path: "/nonexistent/att.sock")
        var server = SimulatedATTServer(headband: headband)
        let (mine, peer) = try seqpacketPair()
        server.connect(socket: mine, number: 1)
        _ = server.handle(Self.subscribe(headband.table, .tp9))
        #expect(try receive(peer) == [0x13])
        close(peer)
        server.send(QueuedNotification(kind: .tp9, value: [1]))
        #expect(server.failed)
        #expect(headband.log.sentCounts.isEmpty)
        close(mine)
        let (next, nextPeer) = try seqpacketPair()
        defer {
            close(next)
            close(nextPeer)
        }
        server.connect(socket: next, number: 2)
        #expect(!server.failed && !server.isSubscribed(.tp9))
    }
}
