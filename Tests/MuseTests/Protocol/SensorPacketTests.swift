import Testing

@testable import Muse

struct SensorPacketTests {
    @Test func telemetryVector() throws {
        let packet = try TelemetryPacket(payload: hex("01 4A B5 B8 07 40 0F 7F 00 1B") + [UInt8](repeating: 0, count: 10))
        #expect(packet.sequence == 330)
        #expect(packet.batteryRaw == 46520)
        #expect(packet.batteryPercent == 90.859375)
        #expect(packet.fuelGaugeRaw == 1856)
        #expect(close(packet.fuelGaugeMillivolts, 4083.2))
        #expect(packet.adcRaw == 3967)
        #expect(packet.temperature == 27)
    }

    @Test func accelerometerVector() throws {
        let packet = try IMUPacket(payload: hex("52 6D 0D B2 0D 9D 3C 73 12 05 0D 49 3C 35 11 B7 11 E3 3C 8F"), sensor: .accelerometer)
        #expect(packet.sequence == 21101)
        #expect(packet.rawSamples == [SIMD3(3506, 3485, 15475), SIMD3(4613, 3401, 15413), SIMD3(4535, 4579, 15503)])
        let expected: [[Double]] = [
            [0.21398941, 0.21270767, 0.94451972], [0.28155538, 0.20758072, 0.94073554],
            [0.27679463, 0.27948018, 0.94622871],
        ]
        for (sample, want) in zip(packet.samples, expected) {
            #expect(close(sample.x, want[0]) && close(sample.y, want[1]) && close(sample.z, want[2]))
        }
        #expect(packet.samples[0].x == 0.2139892578125)
    }

    @Test func gyroscopeVector() throws {
        let packet = try IMUPacket(payload: hex("01 6D 05 0C 00 9D 00 73 05 05 00 49 00 35 05 B7 00 E3 00 8F"), sensor: .gyroscope)
        #expect(packet.sequence == 365)
        #expect(packet.rawSamples == [SIMD3(1292, 157, 115), SIMD3(1285, 73, 53), SIMD3(1463, 227, 143)])
        let expected: [[Double]] = [
            [9.6600256, 1.1738576, 0.859832], [9.607688, 0.5458064, 0.3962704],
            [10.9385584, 1.6972336, 1.0691824],
        ]
        for (sample, want) in zip(packet.samples, expected) {
            #expect(close(sample.x, want[0]) && close(sample.y, want[1]) && close(sample.z, want[2]))
        }
    }

    @Test func imuValuesAreSigned() throws {
        let packet = try IMUPacket(payload: hex("00 01 FF FF 80 00 7F FF") + [UInt8](repeating: 0, count: 12), sensor: .accelerometer)
        #expect(packet.rawSamples[0] == SIMD3(-1, -32768, 32767))
        #expect(packet.samples[0].y == -2.0)
    }

    @Test func ppgVector() throws {
        let packet = try PPGPacket(payload: hex("00 07 57 21 C0 52 49 06 6A F2 31 40 58 99 80 42 FE 2C 77 9D"))
        #expect(packet.sequence == 7)
        #expect(packet.samples == [5710272, 5392646, 7008817, 4216985, 8405758, 2914205])
    }

    @Test func everyDecoderRefusesWrongLengths() {
        let short = [UInt8](repeating: 1, count: 19)
        #expect(throws: MuseProtocolError.wrongPayloadLength(packet: "telemetry", expected: 20, actual: 19)) {
            try TelemetryPacket(payload: short)
        }
        #expect(throws: MuseProtocolError.wrongPayloadLength(packet: "gyroscope", expected: 20, actual: 19)) {
            try IMUPacket(payload: short, sensor: .gyroscope)
        }
        #expect(throws: MuseProtocolError.wrongPayloadLength(packet: "PPG", expected: 20, actual: 21)) {
            try PPGPacket(payload: short + [1, 2])
        }
    }
}
