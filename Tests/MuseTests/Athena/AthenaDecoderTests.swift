import Testing

@testable import Muse

/// The Athena decoders on hand-made byte vectors: header fields, block walking, bit unpacking, signs
/// and scales, and what stops a parse.
struct AthenaDecoderTests {
    /// A packet: the 14-byte header, the first block's data, then further blocks with 5-byte headers.
    static func packet(
        sequence: UInt8 = 7, time: UInt32 = 0x0403_0201, first: (UInt8, UInt8, [UInt8]), rest: [(UInt8, UInt8, [UInt8])] = []
    ) -> [UInt8] {
        var body = first.2
        for block in rest { body += [block.0, block.1, 0xAA, 0xBB, 0xCC] + block.2 }
        let length = UInt8(truncatingIfNeeded: 14 + body.count)
        let t = [UInt8(time & 0xFF), UInt8(time >> 8 & 0xFF), UInt8(time >> 16 & 0xFF), UInt8(time >> 24)]
        return [length, sequence] + t + [0x61, 0x62, 0x63, first.0, first.1, 0x64, 0x65, 0x66] + body
    }

    /// Packs `values` of `width` bits little-endian bit-first, the inverse of the decoder's layout.
    static func pack(_ values: [UInt32], width: Int) -> [UInt8] {
        var bits: [Bool] = []
        for value in values { for bit in 0..<width { bits.append(value >> UInt32(bit) & 1 == 1) } }
        return stride(from: 0, to: bits.count, by: 8).map { start in
            (0..<8).reduce(UInt8(0)) { byte, bit in start + bit < bits.count && bits[start + bit] ? byte | 1 << UInt8(bit) : byte }
        }
    }

    @Test func headerFieldsAreRead() throws {
        let bytes = Self.packet(first: (0x98, 3, [0x00, 0x59] + Array(repeating: 0, count: 18)))
        let header = try #require(AthenaPacketHeader(bytes[...]))
        #expect(header.packetLength == 34 && header.sequence == 7 && header.deviceTime == 0x0403_0201)
        #expect(header.firstTag == 0x98 && header.firstBlockSequence == 3)
        #expect(header.unknownBytes == [0x61, 0x62, 0x63, 0x64, 0x65, 0x66])
        #expect(AthenaPacketHeader(bytes[0..<13]) == nil)
    }

    @Test func eegCodesUnpackSampleMajorFourteenBits() throws {
        let codes: [UInt32] = (0..<16).map { UInt32($0 * 1021 + 3) & 0x3FFF }
        for (tag, channels) in [(UInt8(0x11), 4), (UInt8(0x12), 8)] {
            let notification = AthenaNotification(payload: Self.packet(first: (tag, 0, Self.pack(codes, width: 14))))
            let block = try #require(notification.blocks.first?.block)
            let eeg = try AthenaEEGSamples(block: block)
            #expect(eeg.channelCount == channels && eeg.sampleCount == 16 / channels)
            #expect(eeg.codes.map(UInt32.init) == codes)
            #expect(eeg.code(sample: 1, channel: 2) == UInt16(codes[channels + 2]))
        }
        #expect(AthenaEEGSamples.microvolts(code: 8192) == 0)
        #expect(abs(AthenaEEGSamples.microvolts(code: 16383) - 8191 * 1450 / 16383) < 1e-9)
    }

    @Test func opticsCodesUnpackTwentyBitsForEachLayout() throws {
        for (tag, channels, samples) in [(UInt8(0x34), 4, 3), (UInt8(0x35), 8, 2), (UInt8(0x36), 16, 1)] {
            let codes: [UInt32] = (0..<(channels * samples)).map { UInt32($0 * 65_537 + 11) & 0xFFFFF }
            var data = Self.pack(codes, width: 20)
            data += Array(repeating: 0, count: (AthenaTag(rawValue: tag)?.dataLength ?? 0) - data.count)
            let notification = AthenaNotification(payload: Self.packet(first: (tag, 0, data)))
            let optics = try AthenaOpticsSamples(block: try #require(notification.blocks.first?.block))
            #expect(optics.channelCount == channels && optics.sampleCount == samples && optics.codes == codes)
        }
    }

    @Test func motionIsSignedAccelerometerThenGyroscope() throws {
        let values: [Int16] = [1, -2, 16384, -32768, 32767, 0, 7, 8, 9, 10, 11, 12, -1, -3, -5, 100, 200, 300]
        let data = values.flatMap { v in [UInt8(truncatingIfNeeded: v), UInt8(truncatingIfNeeded: v >> 8)] }
        let block = AthenaBlock(tag: .motion, sequence: 0, data: data)
        let motion = try AthenaMotionSamples(block: block)
        #expect(motion.accelerometer == [1, -2, 16384, 7, 8, 9, -1, -3, -5])
        #expect(motion.gyroscope == [-32768, 32767, 0, 10, 11, 12, 100, 200, 300])
    }

    @Test func batteryReadsBothTags() throws {
        let old = AthenaBlock(tag: .battery, sequence: 0, data: [0xF3, 0x58] + Array(repeating: 0, count: 18))
        #expect(try AthenaBatteryReading(block: old).percent == Double(0x58F3) / 256)
        // 0x88 runs to the end of its packet, whatever its length.
        let newer = Self.packet(first: (0x11, 0, Array(repeating: 0, count: 28)), rest: [(0x88, 1, [0x00, 0x64] + Array(repeating: 9, count: 200))])
        let notification = AthenaNotification(payload: newer)
        #expect(notification.problems.isEmpty && notification.blocks.count == 2)
        let status = try #require(notification.blocks.last?.block)
        #expect(status.tag == .batteryStatus && status.data.count == 202)
        #expect(try AthenaBatteryReading(block: status).percent == 100)
    }

    @Test func blocksAreWalkedWithTheirSequenceNumbers() {
        let bytes = Self.packet(
            first: (0x11, 9, Array(repeating: 1, count: 28)),
            rest: [(0x47, 4, Array(repeating: 2, count: 36)), (0x53, 1, Array(repeating: 3, count: 24)), (0x11, 10, Array(repeating: 4, count: 28))])
        let notification = AthenaNotification(payload: bytes + bytes)
        #expect(notification.packets.count == 2 && notification.problems.isEmpty && notification.discardedBytes == 0)
        #expect(notification.blocks.map(\.block.tag) == [.eeg4, .motion, .unknown53, .eeg4, .eeg4, .motion, .unknown53, .eeg4])
        #expect(notification.blocks.map(\.block.sequence) == [9, 4, 1, 10, 9, 4, 1, 10])
        #expect(notification.blocks.allSatisfy { $0.block.data.count == $0.block.tag.dataLength })
    }

    @Test func anUnknownTagEndsItsPacketButNotTheNextOne() {
        let bad = Self.packet(first: (0x11, 0, Array(repeating: 1, count: 28)), rest: [(0x77, 0, Array(repeating: 2, count: 10))])
        let good = Self.packet(first: (0x47, 0, Array(repeating: 2, count: 36)))
        let notification = AthenaNotification(payload: bad + good)
        #expect(notification.packets.count == 2 && notification.problems == [.unknownTag(0x77)])
        #expect(notification.blocks.map(\.block.tag) == [.eeg4, .motion])
    }

    @Test func invalidLengthsAreCountedNotGuessed() {
        let good = Self.packet(first: (0x47, 0, Array(repeating: 2, count: 36)))
        var overlong = good
        overlong[0] = 200
        let short = AthenaNotification(payload: good + [5, 1, 2, 3, 4])
        #expect(short.packets.count == 1 && short.discardedBytes == 5 && short.problems == [.invalidPacketLength(declared: 5, available: 5)])
        let long = AthenaNotification(payload: overlong)
        #expect(long.packets.isEmpty && long.discardedBytes == good.count)
        var truncated = good
        truncated[0] = 30
        let cut = AthenaNotification(payload: truncated[0..<30])
        #expect(cut.problems == [.truncatedBlock(.motion)] && cut.blocks.isEmpty)
    }

    @Test func decodersRefuseOtherSensorsAndSizes() {
        let eeg = AthenaBlock(tag: .eeg4, sequence: 0, data: Array(repeating: 0, count: 27))
        #expect(throws: AthenaDecodeError.wrongDataLength(tag: .eeg4, expected: 28, actual: 27)) { try AthenaEEGSamples(block: eeg) }
        #expect(throws: AthenaDecodeError.wrongTag(.eeg4)) { try AthenaOpticsSamples(block: eeg) }
        #expect(throws: AthenaDecodeError.wrongTag(.eeg4)) { try AthenaMotionSamples(block: eeg) }
        #expect(throws: AthenaDecodeError.wrongTag(.eeg4)) { try AthenaBatteryReading(block: eeg) }
    }
}
