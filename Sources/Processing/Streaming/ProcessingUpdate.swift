/// One result of the streaming ``SignalProcessor``.
public enum ProcessingUpdate: Sendable, Equatable {
    /// Signal quality at 2 Hz.
    case quality(QualityUpdate)
    /// The line-noise mode at 1 Hz.
    case lineNoise(LineNoiseUpdate)
    /// Band power at the configured rate.
    case bandPower(BandPowerUpdate)
}
