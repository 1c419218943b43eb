/// The conversion constants and nominal rates of the Muse S Athena streams, in one place.
///
/// Recordings store the raw codes and these constants as attributes, so the data can be rescaled if
/// a better-founded scale becomes known.
package enum AthenaScale {
    /// The device clock: ticks per second (one tick is 3.906 µs).
    package static let deviceTicksPerSecond = 256_000.0

    /// EEG: µV per 14-bit code, 1450 / 16383, the scale of the public decoders.
    package static let eegMicrovoltsPerCode = 1450.0 / 16383.0

    /// EEG: the code stored as 0 µV. The public decoders do not subtract an offset (their values centre
    /// near 725 µV); this module subtracts mid-scale, 8192, so µV centre near 0 like the classic
    /// headband's. `µV = (code − 8192) × 1450 / 16383`.
    package static let eegZeroCode: UInt32 = 8192

    /// EEG sampling rate in Hz.
    package static let eegRate = 256.0

    /// Accelerometer: g per code (the public decoders' 0.0000610352, i.e. 1/16384).
    package static let accelerometerGPerCode = 0.0000610352

    /// Gyroscope: degrees per second per code; negative, as in the public decoders.
    package static let gyroscopeDegreesPerSecondPerCode = -0.0074768

    /// Accelerometer and gyroscope nominal rate in Hz (about 52).
    package static let motionRate = 52.0

    /// Optics: the public decoder's scale, value = code / 32768 (unit not established).
    package static let opticsPerCode = 1.0 / 32768.0

    /// Optics nominal rate in Hz (about 64).
    package static let opticsRate = 64.0

    /// Battery: percent per count of the 16-bit little-endian charge, 1/256.
    package static let batteryPercentPerCount = 1.0 / 256.0
}
