/// A named frequency range in Hz, like α 8–13 Hz. Whether the edges are included depends on the
/// ``IntegrationRule`` and is stored with every result.
public struct FrequencyBand: Sendable, Codable, Equatable, Hashable {
    /// A short name (`"alpha"`).
    public var name: String
    /// The lower edge in Hz.
    public var low: Double
    /// The upper edge in Hz.
    public var high: Double

    /// Creates a band; `low` must be below `high`.
    public init(_ name: String, _ low: Double, _ high: Double) {
        precondition(low < high, "a band's lower edge must lie below its upper edge")
        self.name = name
        self.low = low
        self.high = high
    }

    /// The default bands: δ 1–4, θ 4–8, α 8–13, β 13–30, γ 30–45 Hz. γ stops at 45 Hz to stay clear
    /// of 50 Hz mains; the edges are the common textbook ones (see docs/processing.md).
    public static let standard: [FrequencyBand] = [
        FrequencyBand("delta", 1, 4), FrequencyBand("theta", 4, 8), FrequencyBand("alpha", 8, 13),
        FrequencyBand("beta", 13, 30), FrequencyBand("gamma", 30, 45),
    ]
}
