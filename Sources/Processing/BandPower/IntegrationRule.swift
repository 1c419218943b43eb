/// How a band's power is integrated from the PSD bins; stored with every band-power result.
package enum IntegrationRule: String, Sendable, Codable, Equatable, CaseIterable {
    /// `Σ PSD[k]·Δf` over the bins with `low ≤ f_k < high` (half-open). Adjacent bands share no bin,
    /// so band powers add up exactly to the power of their union, and over all bins the sum is the
    /// signal's variance (Parseval). The default.
    case rectangleHalfOpen
    /// The trapezoid rule over the bins with `low ≤ f_k ≤ high` (closed), i.e.
    /// `scipy.integrate.trapezoid(psd[mask], f[mask])`: what many papers and MNE tutorials do. A bin on
    /// a shared edge counts, half-weighted, in both bands.
    case trapezoidClosed

    /// The power between `low` and `high` Hz of `spectrum` by this rule, in µV² (NaN if the spectrum
    /// is NaN; 0 if no bin falls into the range).
    package func integrate(_ spectrum: PowerSpectrum, low: Double, high: Double) -> Double {
        spectrum.density.withUnsafeBufferPointer { integrate($0, resolution: spectrum.resolution, low: low, high: high) }
    }

    /// The power between `low` and `high` Hz of the density `psd` with bins `resolution` Hz apart.
    package func integrate(_ psd: UnsafeBufferPointer<Double>, resolution df: Double, low: Double, high: Double) -> Double {
        // Bin indices from the edges, computed on k·df exactly as the comparisons would.
        var first = max(0, Int((low / df).rounded(.down)))
        while first < psd.count && Double(first) * df < low { first += 1 }
        while first > 0 && Double(first - 1) * df >= low { first -= 1 }
        var sum = 0.0
        switch self {
        case .rectangleHalfOpen:
            var k = first
            while k < psd.count && Double(k) * df < high {
                sum += psd[k]
                k += 1
            }
            return sum * df
        case .trapezoidClosed:
            var k = first
            var previous: Double?
            while k < psd.count && Double(k) * df <= high {
                if let p = previous { sum += 0.5 * (p + psd[k]) }
                previous = psd[k]
                k += 1
            }
            return sum * df
        }
    }
}
