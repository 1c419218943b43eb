/// Why a channel's window did not grade good. Stored and printed by its raw value.
package enum QualityIssue: String, Sendable, Codable, CaseIterable {
    /// Too many samples were missing (dropouts): the window cannot be judged.
    case missingData
    /// The signal barely moves (SD below the flat threshold): no electrode contact or a dead channel.
    case flatLine
    /// Samples sit at the amplifier's limit or are stuck at the window's extreme: saturated.
    case railed
    /// Mains hum dominates the EEG band (line-noise ratio above its threshold): poor contact.
    case lineNoise
    /// Much power above 45 Hz (muscle, electrode noise) relative to the EEG band.
    case highFrequencyNoise
    /// The 1–40 Hz amplitude spread is beyond EEG (movement, blinks, loose electrode).
    case highAmplitude
    /// Not enough signal has been seen yet to fill the window.
    case warmingUp

    /// Whether this issue makes the window's band powers meaningless (they are then reported as
    /// NaN with this reason rather than a made-up number).
    package var invalidatesBandPower: Bool {
        switch self {
        case .missingData, .flatLine, .railed, .highAmplitude, .warmingUp: true
        case .lineNoise, .highFrequencyNoise: false
        }
    }
}
