/// The band powers of one channel over one stretch of signal.
public struct BandPowers: Sendable, Codable, Equatable {
    /// Absolute power per band (same order as ``BandPowerMethod/bands``), in µV². NaN when the
    /// stretch could not be decoded (see ``invalidReason``).
    public var absolute: [Double]
    /// Absolute power divided by ``denominator``, per band. NaN when the denominator is 0 or NaN.
    public var relative: [Double]
    /// The denominator of the relative powers, in µV².
    public var denominator: Double
    /// Why the values are NaN, if they are.
    public var invalidReason: String?

    /// Creates a result.
    public init(absolute: [Double], relative: [Double], denominator: Double, invalidReason: String? = nil) {
        self.absolute = absolute
        self.relative = relative
        self.denominator = denominator
        self.invalidReason = invalidReason
    }

    /// A result of `bandCount` NaN values with the reason it could not be computed.
    public static func invalid(bandCount: Int, reason: String) -> BandPowers {
        BandPowers(
            absolute: [Double](repeating: .nan, count: bandCount), relative: [Double](repeating: .nan, count: bandCount),
            denominator: .nan, invalidReason: reason)
    }

    /// Computes the band powers of `spectrum` by `method`.
    package init(spectrum: PowerSpectrum, method: BandPowerMethod) {
        let absolute = method.bands.map { method.integration.integrate(spectrum, low: $0.low, high: $0.high) }
        let denominator: Double =
            switch method.denominator {
            case .sumOfBands: absolute.reduce(0, +)
            case .totalPower(let low, let high): method.integration.integrate(spectrum, low: low, high: high)
            }
        let relative = absolute.map { denominator > 0 ? $0 / denominator : .nan }
        self.init(
            absolute: absolute, relative: relative, denominator: denominator,
            invalidReason: spectrum.segmentCount == 0 ? "shorter than one Welch segment" : nil)
    }
}
