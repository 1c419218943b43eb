import Testing

@testable import Muse

/// The simulated Athena's far-ahead packet: the same data, every packet's device time 30 s later and
/// every sampled block's number moved on by the blocks its sensor takes in 30 s.
struct AthenaCorruptionTests {
    @Test func aFarAheadCopyMovesDeviceTimeAndBlockNumbersOnly() {
        var generator = AthenaPacketGenerator(eegChannels: 8, opticsChannels: 16, batteryPercent: 80)
        var tags: Set<AthenaTag> = []
        for _ in 0..<70 {
            let payload = generator.next().payload
            let original = AthenaNotification(payload: payload)
            let moved = AthenaNotification(payload: AthenaCorruption.farAhead(payload, seconds: 30))
            #expect(original.problems.isEmpty && moved.problems.isEmpty)
            #expect(moved.blocks.count == original.blocks.count)
            for (a, b) in zip(original.blocks, moved.blocks) {
                tags.insert(a.block.tag)
                #expect(b.header.deviceTime == a.header.deviceTime &+ 30 * 256_000)
                #expect(b.block.tag == a.block.tag && b.block.data == a.block.data)
                #expect(b.block.sequence == a.block.sequence &+ UInt8(truncatingIfNeeded: AthenaCorruption.blocks(of: a.block.tag, in: 30)))
            }
        }
        #expect(tags == [.eeg8, .motion, .optics16, .battery])
        #expect(AthenaCorruption.blocks(of: .eeg8, in: 30) == 3840 && AthenaCorruption.blocks(of: .motion, in: 30) == 520)
    }
}
