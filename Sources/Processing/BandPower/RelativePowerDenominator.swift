/// What relative band power is relative to; stored with every result, since peers differ (BrainFlow
/// divides by the sum of its bands, others by broadband power).
package enum RelativePowerDenominator: Sendable, Codable, Equatable {
    /// The power between `low` and `high` Hz by the same integration rule (default 1–45 Hz, which
    /// with the standard bands and the half-open rule equals the sum of the bands).
    case totalPower(low: Double, high: Double)
    /// The sum of the configured bands' absolute powers.
    case sumOfBands

    /// Broadband 1–45 Hz, the default.
    package static let standard = RelativePowerDenominator.totalPower(low: 1, high: 45)

    /// A human-readable statement of the denominator for JSON and terminal output.
    package var description: String {
        switch self {
        case .totalPower(let low, let high): "total power \(low)–\(high) Hz (same integration rule)"
        case .sumOfBands: "sum of the configured bands' absolute powers"
        }
    }
}
