import Testing

@testable import Muse

struct EEGPacketTests {
    @Test func vectorEEG1MidScale() throws {
        let packet = try EEGPacket(payload: hex("00 01 80 08 00 80 08 00 80 08 00 80 08 00 80 08 00 80 08 00"))
        #expect(packet.counter == 1)
        #expect(packet.codes == Array(repeating: 2048, count: 12))
        #expect(packet.microvolts == Array(repeating: 0.0, count: 12))
        #expect(!packet.isRailed)
    }

    @Test func vectorEEG2MuseJSPayload() throws {
        let packet = try EEGPacket(payload: hex("12 34 57 21 C0 52 49 06 6A F2 31 40 58 99 80 42 FE 2C 77 9D"))
        #expect(packet.counter == 4660)
        #expect(packet.codes == [1394, 448, 1316, 2310, 1711, 561, 1029, 2201, 2052, 766, 711, 1949])
        let expected = [
            -319.3359375, -781.25, -357.421875, 127.9296875, -164.55078125, -726.07421875, -497.55859375,
            74.70703125, 1.953125, -625.9765625, -652.83203125, -48.33984375,
        ]
        // Exact: every value is a multiple of 2^-11 and representable.
        #expect(packet.microvolts == expected)
        #expect(packet.railed == Array(repeating: false, count: 12))
    }

    @Test func vectorEEG3ExtremesAndRailedFlags() throws {
        let packet = try EEGPacket(payload: hex("FF FF 00 0F FF 00 17 FF 80 08 01 12 3A BC 40 0C 00 0F 0F 0F"))
        #expect(packet.counter == 65535)
        #expect(packet.codes == [0, 4095, 1, 2047, 2048, 2049, 291, 2748, 1024, 3072, 240, 3855])
        #expect(
            packet.microvolts == [
                -1000.0, 999.51171875, -999.51171875, -0.48828125, 0.0, 0.48828125, -857.91015625, 341.796875,
                -500.0, 500.0, -882.8125, 882.32421875,
            ])
        #expect(packet.railed == [true, true] + Array(repeating: false, count: 10))
        #expect(packet.isRailed)
    }

    @Test func wrongLengthsThrowTypedError() {
        for length in [0, 1, 19, 21, 40] {
            #expect(throws: MuseProtocolError.wrongPayloadLength(packet: "EEG", expected: 20, actual: length)) {
                try EEGPacket(payload: [UInt8](repeating: 0x80, count: length))
            }
        }
    }

    @Test func acceptsSlicesWithNonZeroStartIndex() throws {
        let bytes = [0xAA] + hex("12 34 57 21 C0 52 49 06 6A F2 31 40 58 99 80 42 FE 2C 77 9D")
        let packet = try EEGPacket(payload: bytes[1...])
        #expect(packet.counter == 0x1234)
        #expect(packet.codes.first == 1394)
    }

    @Test func randomCodesRoundTripThroughTestPacker() throws {
        var rng = SeededGenerator(seed: 12)
        for _ in 0..<2000 {
            let counter = UInt16.random(in: .min ... .max, using: &rng)
            let codes = (0..<12).map { _ in UInt16.random(in: 0...4095, using: &rng) }
            let bytes = packEEG(counter: counter, codes: codes)
            #expect(bytes.count == 20)
            let packet = try EEGPacket(payload: bytes)
            #expect(packet.counter == counter)
            #expect(packet.codes == codes)
            for (code, value) in zip(codes, packet.microvolts) {
                #expect(value == 0.48828125 * (Double(code) - 2048))
            }
        }
    }

    @Test func testPackerReproducesTheReferencePayload() {
        let codes: [UInt16] = [1394, 448, 1316, 2310, 1711, 561, 1029, 2201, 2052, 766, 711, 1949]
        #expect(packEEG(counter: 0x1234, codes: codes) == hex("12 34 57 21 C0 52 49 06 6A F2 31 40 58 99 80 42 FE 2C 77 9D"))
    }
}
