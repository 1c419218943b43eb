/// The tag byte that opens each data block of a Muse S Athena packet, naming the sensor and layout.
///
/// The fixed data sizes are the public reverse-engineering facts (docs/muse.md, "Athena"). A tag not
/// listed here has no known size, so a parser must stop at it rather than guess where the next block
/// starts.
package enum AthenaTag: UInt8, Sendable, CaseIterable {
    /// EEG, 4 channels × 4 samples of 14 bits (28 bytes).
    case eeg4 = 0x11
    /// EEG, 8 channels × 2 samples of 14 bits (28 bytes).
    case eeg8 = 0x12
    /// Optics, 4 channels × 3 samples of 20 bits (30 bytes).
    case optics4 = 0x34
    /// Optics, 8 channels × 2 samples of 20 bits (40 bytes).
    case optics8 = 0x35
    /// Optics, 16 channels × 1 sample of 20 bits (40 bytes).
    case optics16 = 0x36
    /// Accelerometer + gyroscope, 3 samples × 6 signed 16-bit values (36 bytes).
    case motion = 0x47
    /// Battery on older firmware (20 bytes; the first two are the charge).
    case battery = 0x98
    /// Battery/status on newer firmware: 188–230 bytes, so it runs to the end of its packet; only its
    /// first two bytes (the charge) are understood.
    case batteryStatus = 0x88
    /// Unknown content of 24 bytes, skipped (kept only as a count).
    case unknown53 = 0x53

    /// The data size in bytes after the block header, or `nil` for ``batteryStatus``, whose block
    /// takes the rest of its packet.
    package var dataLength: Int? {
        switch self {
        case .eeg4, .eeg8: 28
        case .optics4: 30
        case .optics8, .optics16: 40
        case .motion: 36
        case .battery: 20
        case .batteryStatus: nil
        case .unknown53: 24
        }
    }

    /// The smallest data size accepted for a block of this tag (``batteryStatus`` needs its 2 charge
    /// bytes).
    package var minimumDataLength: Int { dataLength ?? 2 }
}
