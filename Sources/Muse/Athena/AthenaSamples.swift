/// The decoded content of one Athena data block, by sensor.
package enum AthenaSamples: Sendable, Equatable {
    /// EEG codes (4 or 8 channels).
    case eeg(AthenaEEGSamples)
    /// Accelerometer and gyroscope codes.
    case motion(AthenaMotionSamples)
    /// Optics codes (4, 8 or 16 channels).
    case optics(AthenaOpticsSamples)
    /// The battery charge.
    case battery(AthenaBatteryReading)
    /// A block of known size whose content is not understood (tag 0x53): skipped, kept as a count.
    case opaque(AthenaTag)

    /// Decodes `block` according to its tag.
    package init(block: AthenaBlock) throws(AthenaDecodeError) {
        switch block.tag {
        case .eeg4, .eeg8: self = .eeg(try AthenaEEGSamples(block: block))
        case .motion: self = .motion(try AthenaMotionSamples(block: block))
        case .optics4, .optics8, .optics16: self = .optics(try AthenaOpticsSamples(block: block))
        case .battery, .batteryStatus: self = .battery(try AthenaBatteryReading(block: block))
        case .unknown53: self = .opaque(block.tag)
        }
    }
}
