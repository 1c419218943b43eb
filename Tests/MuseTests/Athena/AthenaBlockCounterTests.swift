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

    @Test func theRealCapturesUnwrapWithoutLossOrRefusal() throws {
        for name in ["data_p21", "data_p1041"] {
            let decoded = try AthenaCaptureDecode.swift(name)
            var c = AthenaBlockCounter(samplesPerBlock: 16 / decoded.eeg_channels, rate: 256)
            let indices = decoded.eeg_blocks.map { c.unwrap(UInt8($0[2]), deviceTime: UInt32($0[1])) }
            #expect(indices == (0..<indices.count).map { Int64($0) })
        }
    }
}
