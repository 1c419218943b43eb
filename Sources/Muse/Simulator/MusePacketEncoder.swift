/// Builds the 20-byte Muse packets and control frames the simulator sends (layouts of reference A.4,
/// A.7 and A.8). Pure functions, so tests can compare exact bytes.
package enum MusePacketEncoder {
    /// A control command as written to the control characteristic: `[len] ASCII 0x0A`, where `len`
    /// counts the newline.
    package static func command(_ text: String) -> [UInt8] {
        let body = Array(text.utf8) + [0x0A]
        return [UInt8(truncatingIfNeeded: body.count)] + body
    }

    /// One control notification: byte 0 the count of useful bytes (at most 19), the bytes, zero padding.
    package static func controlFragment(_ chunk: ArraySlice<UInt8>) -> [UInt8] {
        let used = Array(chunk.prefix(19))
        return [UInt8(used.count)] + used + [UInt8](repeating: 0, count: 19 - used.count)
    }

    /// An EEG packet: big-endian counter, then 12 12-bit codes packed MSB-first, two per three bytes.
    /// Codes above 4095 are clipped; missing codes are mid-scale.
    package static func eeg(counter: UInt16, codes: [UInt16]) -> [UInt8] {
        var out: [UInt8] = []
        out.appendBE(counter)
        let c = (0..<12).map { i in i < codes.count ? min(codes[i], 4095) : 2048 }
        for pair in stride(from: 0, to: 12, by: 2) {
            let a = c[pair], b = c[pair + 1]
            out.append(UInt8(a >> 4))
            out.append(UInt8((a & 0x0F) << 4 | b >> 8))
            out.append(UInt8(b & 0xFF))
        }
        return out
    }

    /// An accelerometer or gyroscope packet: sequence, then three (x, y, z) int16 samples, big-endian.
    package static func imu(sequence: UInt16, samples: [(Int16, Int16, Int16)]) -> [UInt8] {
        var out: [UInt8] = []
        out.appendBE(sequence)
        for i in 0..<3 {
            let s = i < samples.count ? samples[i] : (0, 0, 0)
            out.appendBE(UInt16(bitPattern: s.0))
            out.appendBE(UInt16(bitPattern: s.1))
            out.appendBE(UInt16(bitPattern: s.2))
        }
        return out
    }

    /// A PPG packet: sequence, then six uint24 samples, big-endian.
    package static func ppg(sequence: UInt16, samples: [UInt32]) -> [UInt8] {
        var out: [UInt8] = []
        out.appendBE(sequence)
        for i in 0..<6 {
            let v = i < samples.count ? min(samples[i], 0xFF_FFFF) : 0
            out += [UInt8(v >> 16), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
        }
        return out
    }

    /// A telemetry packet: sequence, battery × 512, fuel-gauge mV / 2.2, ADC, temperature, padding.
    package static func telemetry(
        sequence: UInt16, batteryPercent: Double, fuelMillivolts: Double, adc: UInt16, temperature: UInt16
    ) -> [UInt8] {
        var out: [UInt8] = []
        out.appendBE(sequence)
        out.appendBE(UInt16(clamping: Int((min(max(batteryPercent, 0), 100) * 512).rounded())))
        out.appendBE(UInt16(clamping: Int((fuelMillivolts / 2.2).rounded())))
        out.appendBE(adc)
        out.appendBE(temperature)
        return out + [UInt8](repeating: 0, count: 10)
    }
}
