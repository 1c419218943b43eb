import Testing

@testable import Muse

/// Unwrapping the Athena's 8-bit per-sensor block numbers: steps, wraps, long losses decided by the
/// device time, duplicates and late blocks refused, device-time inversions and 32-bit wraps harmless.
struct AthenaBlockCounterTests {
    /// EEG8 blocks: 2 samples at 256 Hz, 2000 ticks each.
    private func counter() -> AthenaBlockCounter { AthenaBlockCounter(samplesPerBlock: 2, rate: 256) }

    @Test func consecutiveBlocksAndWrapsCountUp() {
        var c = counter()
        var indices: [Int64?] = []
        for k in 0..<600 {
            // Packets share coarse device times; every 7 blocks one time, as in the captures.
            indices.append(c.unwrap(UInt8(truncatingIfNeeded: k + 250), deviceTime: UInt32(k / 7 * 14_000)))
        }
        #expect(indices == (0..<600).map { Int64($0) })
    }

    @Test func aLossLongerThan256BlocksIsPlacedByDeviceTime() {
        var c = counter()
        #expect(c.unwrap(10, deviceTime: 1000) == 0)
        // 300 blocks later (600 ms of EEG8): the 8-bit step is 44, the device time says 300.
        #expect(c.unwrap(UInt8((10 + 300) % 256), deviceTime: 1000 + 300 * 2000) == 300)
        // 3 blocks lost: only the sequence number counts, whatever the (coarse) device time says.
        #expect(c.unwrap(UInt8((10 + 304) % 256), deviceTime: 1000 + 300 * 2000) == 304)
    }

    @Test func duplicatesAndLateBlocksAreRefused() {
        var c = counter()
        #expect(c.unwrap(5, deviceTime: 0) == 0)
        #expect(c.unwrap(6, deviceTime: 2000) == 1)
        #expect(c.unwrap(8, deviceTime: 6000) == 3)
        #expect(c.unwrap(7, deviceTime: 4000) == nil)  // reordered: its place (2) was passed
        #expect(c.unwrap(8, deviceTime: 6000) == nil)  // duplicate
        #expect(c.unwrap(9, deviceTime: 8000) == 4)
    }

    @Test func deviceTimeInversionsAndWrapsDoNotMatter() {
        var c = counter()
        #expect(c.unwrap(0, deviceTime: UInt32.max - 3000) == 0)
        #expect(c.unwrap(1, deviceTime: UInt32.max - 9000) == 1)  // time went backwards
        #expect(c.unwrap(2, deviceTime: 1000) == 2)  // the 32-bit device time wrapped
        #expect(c.unwrap(3, deviceTime: 3000) == 3)
    }

    /// A block number changed by a bit error (with its packet's good device time) disagrees with the
    /// device time: counted as implausible, never a gap, and the next good block continues.
    @Test func aBlockNumberTheDeviceTimeContradictsIsImplausible() {
        var c = counter()
        #expect(c.unwrap(5, deviceTime: 0) == 0)
        #expect(c.unwrap(6, deviceTime: 2000) == 1)
        #expect(c.unwrap(6 &+ 128, deviceTime: 4000) == nil)  // bit 7 flipped: 128 ahead, or 128 back
        #expect(c.unwrap(7, deviceTime: 4000) == 2)
        #expect(c.implausibleBlocks == 1)
    }

    /// A device time changed by a bit error (the block number good) claims a loss: some multiple of
    /// 256 blocks always lies near it, so only the arrival, 10 ms after the last block, shows it
    /// false. Implausible, and it does not become the reference for the next block.
    @Test func aDeviceTimeTheArrivalContradictsIsImplausible() {
        let ms: UInt64 = 1_000_000
        var c = AthenaBlockCounter(samplesPerBlock: 2, rate: 256, arrivalSlack: 500 * ms)
        #expect(c.unwrap(5, deviceTime: 0, receivedAt: 1000 * ms) == 0)
        #expect(c.unwrap(6, deviceTime: 2000 | 0x0100_0000, receivedAt: 1010 * ms) == nil)  // bit 24 flipped: 65 s ahead
        #expect(c.unwrap(6, deviceTime: 2000 | 0x8000_0000, receivedAt: 1010 * ms) == nil)  // bit 31: 2.3 h back or ahead
        #expect(c.unwrap(6, deviceTime: 2000, receivedAt: 1010 * ms) == 1)
        #expect(c.implausibleBlocks == 2)
    }

    /// Block numbers and device time that agree but lie 30 s ahead, 20 ms after the last block
    /// arrived, step further than the arrival allows: implausible. The same step after 30 s without
    /// arrivals is a real loss, placed by the device time.
    @Test func aStepTheArrivalDoesNotAllowIsImplausible() {
        let ms: UInt64 = 1_000_000
        var c = AthenaBlockCounter(samplesPerBlock: 2, rate: 256, arrivalSlack: 500 * ms)
        #expect(c.unwrap(5, deviceTime: 0, receivedAt: 1000 * ms) == 0)
        #expect(c.unwrap(6, deviceTime: 2000, receivedAt: 1010 * ms) == 1)
        let ahead = 30 * 256 / 2  // 3 840 blocks
        #expect(c.unwrap(UInt8(truncatingIfNeeded: 6 + ahead), deviceTime: 2000 + 30 * 256_000, receivedAt: 1030 * ms) == nil)
        #expect(c.implausibleBlocks == 1)
        #expect(c.unwrap(7, deviceTime: 4000, receivedAt: 1040 * ms) == 2)
        #expect(c.unwrap(UInt8(truncatingIfNeeded: 7 + ahead), deviceTime: 4000 + 30 * 256_000, receivedAt: 31_045 * ms) == Int64(2 + ahead))
        #expect(c.implausibleBlocks == 1)
    }

    @Test func theRealCapturesUnwrapWithoutLossOrRefusal() throws {
        for name in ["data_p21", "data_p1041"] {
            let decoded = try AthenaCaptureDecode.swift(name)
            var c = AthenaBlockCounter(samplesPerBlock: 16 / decoded.eeg_channels, rate: 256)
            let indices = decoded.eeg_blocks.map { c.unwrap(UInt8($0[2]), deviceTime: UInt32($0[1])) }
            #expect(indices == (0..<indices.count).map { Int64($0) })
        }
    }
}
