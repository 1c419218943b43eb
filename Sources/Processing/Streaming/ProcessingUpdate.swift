/// One result of the streaming ``SignalProcessor``.
package enum ProcessingUpdate: Sendable, Equatable {
    /// Signal quality at 2 Hz.
    case quality(QualityUpdate)
    /// The line-noise mode at 1 Hz.
    case lineNoise(LineNoiseUpdate)
    /// Band power at the configured rate.
    case bandPower(BandPowerUpdate)

    /// The index of the newest sample the update covers.
    package var sampleIndex: Int64 {
        switch self {
        case .quality(let q): q.sampleIndex
        case .lineNoise(let l): l.reading.sampleIndex
        case .bandPower(let b): b.sampleIndex
        }
    }
}
