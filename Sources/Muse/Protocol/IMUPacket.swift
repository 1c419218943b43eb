/// One accelerometer or gyroscope notification: a sequence number and three (x, y, z) samples.
///
/// Layout (20 bytes, big-endian): u16 sequence, then nine int16 values interleaved
/// x1 y1 z1 x2 y2 z2 x3 y3 z3. About 52 Hz.
package struct IMUPacket: Sendable, Equatable {
    /// The sensor the packet came from, which fixes the scale.
    package var sensor: IMUSensor
    /// The packet sequence number.
    package var sequence: UInt16
    /// The three samples as sent, oldest first.
    package var rawSamples: [SIMD3<Int16>]

    /// Creates a packet from its fields.
    package init(sensor: IMUSensor, sequence: UInt16, rawSamples: [SIMD3<Int16>]) {
        self.sensor = sensor
        self.sequence = sequence
        self.rawSamples = rawSamples
    }

    /// Decodes a notification of `sensor`; throws unless it is exactly 20 bytes.
    package init(payload: some Collection<UInt8>, sensor: IMUSensor) throws(MuseProtocolError) {
        let bytes = try PayloadBytes(payload, packet: sensor == .accelerometer ? "accelerometer" : "gyroscope")
        var samples: [SIMD3<Int16>] = []
        for k in 0..<MuseScale.imuSamplesPerPacket {
            let base = 2 + 6 * k
            samples.append(SIMD3(bytes.int16(at: base), bytes.int16(at: base + 2), bytes.int16(at: base + 4)))
        }
        self.init(sensor: sensor, sequence: bytes.uint16(at: 0), rawSamples: samples)
    }

    /// The samples in the sensor's unit (g or °/s), oldest first.
    package var samples: [SIMD3<Double>] {
        let scale = sensor.scale
        return rawSamples.map { SIMD3(Double($0.x) * scale, Double($0.y) * scale, Double($0.z) * scale) }
    }
}
