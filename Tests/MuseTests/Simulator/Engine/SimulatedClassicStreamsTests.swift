import DataSources
import Testing

@testable import Muse

/// The classic Muse's packets as made, before any socket: the arrival order within a block, and the
/// EEG faults placed where they are configured.
struct SimulatedClassicStreamsTests {
    static func streams(_ configure: (inout SimulatedHeadband.Configuration) -> Void = { _ in }) -> (SimulatedHeadband, SimulatedClassicStreams) {
        var configuration = SimulatedHeadband.Configuration()
        configure(&configuration)
        let headband = SimulatedHeadband(path: "/nonexistent/streams.sock", configuration: configuration)
        var streams = SimulatedClassicStreams(headband: headband)
        streams.connect(number: 1)
        return (headband, streams)
    }

    /// The blocks' (kind, counter) pairs as made, block by block.
    static func blocks(_ streams: inout SimulatedClassicStreams, count: Int, hasAux: Bool = false) -> [[String]] {
        var random = SplitMix64(seed: 1)
        return (0..<count).map { k in
            streams.eegBlock(takenAt: UInt64(k), hasAux: hasAux, random: &random).map { "\($0.kind)@\($0.eegPacket?.counter ?? 0)" }
        }
    }

    @Test func aBlockArrivesAuxTP10AF8TP9AF7WithItsCodes() {
        let (headband, made) = Self.streams { $0.startCounter = 65535 }
        var streams = made
        var random = SplitMix64(seed: 1)
        let block = streams.eegBlock(takenAt: 42, hasAux: true, random: &random)
        #expect(block.map(\.kind) == [.rightAux, .tp10, .af8, .tp9, .af7])
        #expect(block.allSatisfy { $0.eegPacket?.counter == 65535 && $0.eegPacket?.takenAt == 42 && $0.eegPacket?.connection == 1 })
        let codes = (0..<12).map { headband.eegCode(channel: 4, sampleIndex: 65535 * 12 + Int64($0)) }
        #expect(block.first?.value == MusePacketEncoder.eeg(counter: 65535, codes: codes))
        // The counter wraps; the sequence runs on.
        let next = streams.eegBlock(takenAt: 43, hasAux: false, random: &random)
        #expect(next.map(\.kind) == [.tp10, .af8, .tp9, .af7] && next.first?.eegPacket?.counter == 0 && next.first?.eegPacket?.sequence == 65536)
        #expect(streams.blocksThisConnection == 2)
    }

    @Test func faultsLandOnTheirBlocks() {
        let (headband, made) = Self.streams {
            $0.droppedBlocks = [1]
            $0.droppedChannelPackets = [ChannelPacket(counter: 2, channel: 2)]
            $0.swappedBlocks = [3]
            $0.corruptCounterAfter = [5]
        }
        var streams = made
        let blocks = Self.blocks(&streams, count: 6)
        #expect(blocks[0] == ["tp10@0", "af8@0", "tp9@0", "af7@0"])
        #expect(blocks[1] == [])
        #expect(blocks[2] == ["tp10@2", "tp9@2", "af7@2"])
        // Block 3 is held and follows block 4.
        #expect(blocks[3] == [])
        #expect(blocks[4] == ["tp10@4", "af8@4", "tp9@4", "af7@4", "tp10@3", "af8@3", "tp9@3", "af7@3"])
        // After block 5 a TP9 packet whose counter is 30 000 ahead.
        #expect(blocks[5] == ["tp10@5", "af8@5", "tp9@5", "af7@5", "tp9@30005"])
        #expect(headband.log.droppedEEG.map { [$0.counter, UInt16($0.channel)] } == [[1, 3], [1, 2], [1, 0], [1, 1], [2, 2]])
    }

    @Test func aReconnectDropsAHeldBlockAndMayRestartTheCounter() {
        var streams = Self.streams {
            $0.swappedBlocks = [1]
            $0.restartsCounterAfterReconnect = true
            $0.startCounter = 7
        }.1
        _ = Self.blocks(&streams, count: 2)
        streams.connect(number: 2)
        #expect(streams.blocksThisConnection == 0)
        let after = Self.blocks(&streams, count: 1)
        #expect(after == [["tp10@7", "af8@7", "tp9@7", "af7@7"]])
    }

    @Test func imuAndPPGSequencesWrapWhileTheirSamplesRunOn() {
        let (headband, made) = Self.streams()
        var streams = made
        for _ in 0..<65_536 { _ = streams.imuPacket() }
        let imu = streams.imuPacket()
        #expect(imu.map(\.kind) == [.accelerometer, .gyroscope])
        let samples = (0..<3).map { headband.signal.accelerometer(index: 65_536 * 3 + Int64($0)) }
        #expect(imu.first?.value == MusePacketEncoder.imu(sequence: 0, samples: samples))
        #expect(streams.ppgPacket().map(\.kind) == [.ppg1, .ppg2, .ppg3])
        #expect(streams.telemetryPacket().value.prefix(2) == [0, 0])
        #expect(streams.telemetryPacket().value.prefix(2) == [0, 1])
    }
}
