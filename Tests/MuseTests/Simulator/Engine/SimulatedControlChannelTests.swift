import Testing

@testable import Muse

/// The simulated headband's control channel: its answers to commands, read back by the recorder's own
/// ``ControlReplyAssembler``, and what it asks of the streams.
struct SimulatedControlChannelTests {
    static func channel(_ configure: (inout SimulatedHeadband.Configuration) -> Void = { _ in }) -> SimulatedControlChannel {
        var configuration = SimulatedHeadband.Configuration()
        configure(&configuration)
        return SimulatedControlChannel(headband: SimulatedHeadband(path: "/nonexistent/control.sock", configuration: configuration))
    }

    /// `command` as the recorder writes it: a length byte, the command, a newline.
    static func write(_ command: String) -> [UInt8] {
        let body = Array(command.utf8) + [0x0A]
        return [UInt8(body.count)] + body
    }

    /// The JSON objects in `fragments`, as the recorder reassembles them.
    static func objects(_ fragments: [[UInt8]]) -> [String] {
        var assembler = ControlReplyAssembler()
        return fragments.flatMap { assembler.append($0) }
    }

    @Test func answersVersionAndStatusInTwentyByteFragments() {
        let headband = SimulatedHeadband(path: "/nonexistent/control.sock")
        var channel = SimulatedControlChannel(headband: headband)
        let version = channel.handle(Self.write("v1"), isStreaming: false, now: 0)
        #expect(version.action == nil)
        #expect(version.fragments.allSatisfy { $0.count == 20 })
        #expect(Self.objects(version.fragments).count == 1)
        #expect(Self.objects(version.fragments).first?.contains("\"fw\":\"1.2.13\"") == true)
        let status = Self.objects(channel.handle(Self.write("s"), isStreaming: false, now: 0).fragments)
        #expect(status.count == 1)
        let json = status.first ?? ""
        #expect(json.contains("\"sn\":\"\(headband.serialNumber)\"") && json.contains("\"ma\":\"\(headband.macAddress)\""))
        // Preset 21 read as hex, the battery, and the simulator's own word.
        #expect(json.contains("\"ps\":33") && json.contains("\"bp\":82") && json.hasSuffix("\"sim\":\"generated\"}"))
        #expect(headband.log.commands == ["v1", "s"])
    }

    @Test func startsOnlyWhenStoppedStopsAndSwitchesPresets() {
        var channel = Self.channel()
        #expect(channel.handle(Self.write("d"), isStreaming: false, now: 0).action == .start)
        #expect(channel.handle(Self.write("d"), isStreaming: true, now: 0).action == nil)
        let stop = channel.handle(Self.write("h"), isStreaming: true, now: 0)
        #expect(stop.action == .stop && Self.objects(stop.fragments) == ["{\"rc\":0}"])
        #expect(!channel.hasPPG && !channel.hasAux)
        #expect(Self.objects(channel.handle(Self.write("p50"), isStreaming: false, now: 0).fragments) == ["{\"rc\":0}"])
        #expect(channel.preset == "50" && channel.hasPPG && channel.hasAux)
        #expect(Self.objects(channel.handle(Self.write("s"), isStreaming: false, now: 0).fragments).first?.contains("\"ps\":80") == true)
        // Unknown commands, an Athena's included, and presets a classic Muse lacks get result code 69.
        for command in ["x", "dc001", "v6", "p1041"] {
            #expect(Self.objects(channel.handle(Self.write(command), isStreaming: false, now: 0).fragments) == ["{\"rc\":69}"], "\(command)")
        }
        #expect(channel.preset == "50")
    }

    @Test func anAthenaStartsAtTheSecondDc001() {
        var channel = Self.channel { $0.includesAthena = true }
        #expect(channel.handle(Self.write("dc001"), isStreaming: false, now: 0).action == nil)
        #expect(channel.handle(Self.write("dc001"), isStreaming: false, now: 0).action == .start)
        #expect(channel.handle(Self.write("dc001"), isStreaming: true, now: 0).action == nil)
        #expect(channel.handle(Self.write("h"), isStreaming: true, now: 0).action == .stop)
        // `h` disarms it: streaming needs two `dc001` again.
        #expect(channel.handle(Self.write("dc001"), isStreaming: false, now: 0).action == nil)
        #expect(channel.handle(Self.write("dc001"), isStreaming: false, now: 0).action == .start)
        #expect(Self.objects(channel.handle(Self.write("p1041"), isStreaming: false, now: 0).fragments) == ["{\"rc\":0}"])
        #expect(channel.preset == "1041")
        #expect(Self.objects(channel.handle(Self.write("v1"), isStreaming: false, now: 0).fragments) == ["{\"rc\":69}"])
        #expect(Self.objects(channel.handle(Self.write("v6"), isStreaming: false, now: 0).fragments).first?.contains("\"hw\":\"MS-03\"") == true)
        // A new connection disarms it too.
        _ = channel.handle(Self.write("dc001"), isStreaming: false, now: 0)
        channel.connect()
        #expect(channel.handle(Self.write("dc001"), isStreaming: false, now: 0).action == nil)
    }

    @Test func aPackedReplyEndsInTheNextOrAloneAtItsDeadline() {
        var channel = Self.channel { $0.packsControlReplies = true }
        let now: UInt64 = 5_000_000_000
        // `{"rc":0}` fits in one fragment: it waits for the next reply, at most 100 ms.
        #expect(channel.handle(Self.write("k"), isStreaming: false, now: now).fragments.isEmpty)
        #expect(channel.carryDeadline == now + 100_000_000)
        #expect(channel.flush(now: now + 99_999_999) == nil)
        let version = channel.handle(Self.write("v1"), isStreaming: false, now: now + 50_000_000)
        // The first fragment carries the end of one object and the start of the next.
        let first = version.fragments.first ?? []
        #expect(String(decoding: first[1..<20], as: UTF8.self).hasPrefix("{\"rc\":0}{\"ap\""))
        #expect(Self.objects(version.fragments) == ["{\"rc\":0}"])
        let deadline = now + 150_000_000
        #expect(channel.carryDeadline == deadline)
        #expect(channel.flush(now: deadline - 1) == nil)
        let last = channel.flush(now: deadline)
        #expect(last != nil && channel.carryDeadline == nil && channel.flush(now: deadline + 1) == nil)
        #expect(Self.objects(version.fragments + [last ?? []]).last?.contains("\"fw\":\"1.2.13\"") == true)
    }

    @Test func aMalformedWriteGetsNoAnswerAndNoTrap() {
        let headband = SimulatedHeadband(path: "/nonexistent/control.sock")
        var channel = SimulatedControlChannel(headband: headband)
        for value: [UInt8] in [[], [0], [5, 0x64], [255, 0x64, 0x0A], [0x0A]] {
            #expect(channel.handle(value, isStreaming: false, now: 0) == SimulatedControlChannel.Response(), "\(value)")
        }
        #expect(headband.log.commands.isEmpty)
        // Without the newline the command still counts.
        #expect(channel.handle([1, 0x64], isStreaming: false, now: 0).action == .start)
    }

    @Test func aReplayAnswersWithTheRecordedHeadbandsWordsMarkedAsPlayedBack() {
        let recorded = ["{\"fw\":\"1.3.4\",\"rc\":0}", "{\"sn\":\"5022-ABCD\",\"rc\":0}"]
        var channel = Self.channel {
            $0.classicReplay = []
            $0.recordedReplies = recorded
        }
        #expect(Self.objects(channel.handle(Self.write("v1"), isStreaming: false, now: 0).fragments) == [recorded[0]])
        #expect(
            Self.objects(channel.handle(Self.write("s"), isStreaming: false, now: 0).fragments) == [
                "{\"sn\":\"5022-ABCD\",\"rc\":0,\"sim\":\"replay\"}"
            ])
    }
}
