/// The conversion constants for every legacy Muse stream, in one place.
///
/// Recordings should store the raw codes and these constants as attributes, so the data can be
/// rescaled later without loss (see the EEG caveat on ``eegMicrovoltsPerCode``).
package enum MuseScale {
    /// EEG: µV per 12-bit code, `2000 µV / 4096` (the "2 mVpp" input range), applied as
    /// `µV = 0.48828125 × (code − 2048)`. This is the convention of all three open decoders (muselsl,
    /// muse-js, BrainFlow writes `(code − 0x800) × 125/256`), so our values match theirs.
    ///
    /// Caveat: InteraXon's own SDK, MuseIO and Mind Monitor report raw EEG as 0…~1682 µV, uncentred,
    /// i.e. about 0.41 µV per code (BrainFlow #854 uses 1650/4095 ≈ 0.40293, see
    /// ``eegInterAxonMicrovoltsPerCode``). The true scale is uncertain by about 19 % between the two.
    package static let eegMicrovoltsPerCode = 0.48828125

    /// EEG: the code of 0 µV in the open-decoder convention (mid-scale of 12 bits).
    package static let eegZeroCode: UInt16 = 2048

    /// EEG: the largest 12-bit code. It and code 0 mean the front end is railed (saturated).
    package static let eegMaximumCode: UInt16 = 4095

    /// EEG: the alternative scale of the vendor's tools, 1650 µV / 4095 per code, uncentred. Given for
    /// reference and rescaling only; this module converts with ``eegMicrovoltsPerCode``.
    package static let eegInterAxonMicrovoltsPerCode = 1650.0 / 4095.0

    /// Telemetry: battery percent per count (`raw / 512`).
    package static let batteryPercentPerCount = 1.0 / 512.0

    /// Telemetry: fuel-gauge millivolts per count (`raw × 2.2`).
    package static let fuelGaugeMillivoltsPerCount = 2.2

    /// Accelerometer: g per count, exactly 1/16384 (BrainFlow divides by 16384; muselsl's
    /// 0.0000610352 is the same value rounded).
    package static let accelerometerGPerCount = 1.0 / 16384.0

    /// Gyroscope: degrees per second per count (muselsl 0.0074768; BrainFlow rounds to 0.007476). The
    /// Athena generation negates it, so the sign convention differs by generation.
    package static let gyroscopeDegreesPerSecondPerCount = 0.0074768

    /// EEG samples per packet and channel.
    package static let eegSamplesPerPacket = 12

    /// Nominal EEG sampling rate of every supported preset, in Hz.
    package static let eegNominalRate = 256.0

    /// Samples per IMU packet (x, y, z each).
    package static let imuSamplesPerPacket = 3

    /// Nominal IMU rate in Hz (muselsl constants, confirmed by an InteraXon employee).
    package static let imuNominalRate = 52.0

    /// Samples per PPG packet and channel.
    package static let ppgSamplesPerPacket = 6

    /// Nominal PPG rate in Hz.
    package static let ppgNominalRate = 64.0

    /// The size of every legacy Muse notification payload in bytes.
    package static let payloadLength = 20
}
