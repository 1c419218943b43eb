/// The accelerometer and gyroscope samples of one Athena block (tag 0x47): 3 samples, each
/// accelerometer X, Y, Z then gyroscope X, Y, Z as signed 16-bit little-endian codes.
package struct AthenaMotionSamples: Sendable, Equatable {
    /// Samples per block.
    package static let sampleCount = 3

    /// Accelerometer codes, sample-major: `[x0, y0, z0, x1, …]`.
    package var accelerometer: [Int16]
    /// Gyroscope codes, sample-major: `[x0, y0, z0, x1, …]`.
    package var gyroscope: [Int16]

    /// Decodes a motion block; throws for a block of another sensor or of the wrong size.
    package init(block: AthenaBlock) throws(AthenaDecodeError) {
        guard block.tag == .motion else { throw .wrongTag(block.tag) }
        guard block.data.count == 36 else { throw .wrongDataLength(tag: .motion, expected: 36, actual: block.data.count) }
        accelerometer = []
        gyroscope = []
        accelerometer.reserveCapacity(9)
        gyroscope.reserveCapacity(9)
        let data = block.data
        for sample in 0..<Self.sampleCount {
            for axis in 0..<6 {
                let offset = (sample * 6 + axis) * 2
                let value = Int16(bitPattern: UInt16(data[offset]) | UInt16(data[offset + 1]) << 8)
                if axis < 3 { accelerometer.append(value) } else { gyroscope.append(value) }
            }
        }
    }
}
