/// How fast a synthetic or replayed source delivers its samples.
public enum Pacing: Sendable, Equatable {
    /// At the nominal rate, as a device would.
    case realTime
    /// `factor` times faster than real time (for demos and tests that still want time to pass).
    case speed(Double)
    /// As fast as the consumers take them (benchmarks, conversions).
    case asFastAsPossible

    /// How many real seconds one second of signal takes, or `nil` when unpaced.
    var secondsPerSignalSecond: Double? {
        switch self {
        case .realTime: 1
        case .speed(let factor): factor > 0 ? 1 / factor : nil
        case .asFastAsPossible: nil
        }
    }
}
