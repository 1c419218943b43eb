/// Everything that defines a band-power number: the Welch estimate, the bands, the integration rule
/// and the relative-power denominator. Stored alongside every result (no silent BrainFlow-style
/// 0.375 factor or undocumented edge rule).
public struct BandPowerMethod: Sendable, Codable, Equatable {
    /// The PSD estimate.
    package var welch: WelchParameters
    /// The bands, in output order.
    public var bands: [FrequencyBand]
    /// How bins are integrated into a band.
    package var integration: IntegrationRule
    /// What relative power divides by.
    package var denominator: RelativePowerDenominator
    /// The unit of absolute power: the square of the signal's unit, µV² for EEG.
    public var unit: String

    /// Creates a method; defaults are the standard bands, half-open rectangle rule, 1–45 Hz total.
    package init(
        welch: WelchParameters, bands: [FrequencyBand] = FrequencyBand.standard,
        integration: IntegrationRule = .rectangleHalfOpen, denominator: RelativePowerDenominator = .standard,
        unit: String = "uV^2"
    ) {
        self.welch = welch
        self.bands = bands
        self.integration = integration
        self.denominator = denominator
        self.unit = unit
    }

    /// The standard method at `samplingRate`: 2 s Hann segments, 50 % overlap, standard bands.
    public static func standard(samplingRate: Double) -> BandPowerMethod {
        BandPowerMethod(welch: .standard(samplingRate: samplingRate))
    }
}
