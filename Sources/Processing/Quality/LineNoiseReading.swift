/// One result of the line-noise mode (``LineNoiseEstimator``), per channel.
package struct LineNoiseReading: Sendable, Equatable, Codable {
    /// The index of the newest sample in the window.
    package var sampleIndex: Int64
    /// The mains frequency the reading used (fixed, or the detected one), in Hz.
    package var mainsFrequency: Double
    /// Quality per channel in percent, `clamp(−50·noise + 50, 0, 100)` (the reference's mapping).
    /// NaN while warming up or with missing data (see ``invalidReasons``).
    package var quality: [Double]
    /// The mean ln-amplitude around the mains frequency (±1 Hz), per channel.
    package var noise: [Double]
    /// The mean ln-amplitude over 8–12 Hz (the reference's `bp`), per channel.
    package var alpha: [Double]
    /// Per channel, 60 values: the mean ln-amplitude of each 1 Hz step from 0 to 59 Hz.
    package var spectrum: [[Double]]
    /// Per channel, why the values are NaN (nil when valid).
    package var invalidReasons: [String?]

    /// Creates a reading.
    package init(
        sampleIndex: Int64, mainsFrequency: Double, quality: [Double], noise: [Double], alpha: [Double], spectrum: [[Double]],
        invalidReasons: [String?]
    ) {
        self.sampleIndex = sampleIndex
        self.mainsFrequency = mainsFrequency
        self.quality = quality
        self.noise = noise
        self.alpha = alpha
        self.spectrum = spectrum
        self.invalidReasons = invalidReasons
    }
}
