/// Band power of every channel over the last ``windowSeconds``, emitted at the configured rate,
/// with the method that produced it.
public struct BandPowerUpdate: Sendable, Codable, Equatable {
    /// Time of the newest sample, seconds since the Unix epoch (source clock).
    public var time: Double
    /// Index of the newest sample.
    public var sampleIndex: Int64
    /// Seconds of signal covered.
    public var windowSeconds: Double
    /// How the numbers were computed (Welch parameters, bands, integration rule, denominator).
    public var method: BandPowerMethod
    /// Per channel, the band powers (NaN with a reason for windows too noisy to decode).
    public var channels: [BandPowers]

    /// Creates an update.
    public init(time: Double, sampleIndex: Int64, windowSeconds: Double, method: BandPowerMethod, channels: [BandPowers]) {
        self.time = time
        self.sampleIndex = sampleIndex
        self.windowSeconds = windowSeconds
        self.method = method
        self.channels = channels
    }
}
