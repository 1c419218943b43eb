/// What a window of one raw PPG/optics channel shows before any pulse is looked for.
package enum PulseCondition: Int, Sendable, Equatable, CaseIterable {
    /// Varies: a pulse may be in it.
    case varying = 0
    /// Flat: every finite value within ``flatCounts`` of each other (a sensor that stopped, or
    /// headbands whose optics flatline, as public decoders report).
    case flat = 1
    /// Saturated: at least ``saturatedShare`` of the values at the converter's top code or at 0.
    case saturated = 2
    /// No finite value in the window (lost packets).
    case lost = 3

    /// The widest spread (counts) a flat window has.
    package static let flatCounts = 2.0
    /// The share of values at a rail that makes a window saturated.
    package static let saturatedShare = 0.2

    /// The condition of `values` (raw counts; NaN lost) from a converter of `bits` bits.
    package static func of(_ values: [Double], bits: Int) -> PulseCondition {
        let finite = values.filter(\.isFinite)
        guard let low = finite.min(), let high = finite.max() else { return .lost }
        let top = Double((1 << bits) - 1)
        let railed = finite.filter { $0 >= top || $0 <= 0 }.count
        if Double(railed) >= saturatedShare * Double(finite.count) { return .saturated }
        if high - low <= flatCounts { return .flat }
        return .varying
    }

    /// The word the report and sidecars use.
    package var word: String {
        switch self {
        case .varying: "varying"
        case .flat: "flat"
        case .saturated: "saturated"
        case .lost: "lost"
        }
    }
}
