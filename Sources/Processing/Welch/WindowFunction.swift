import Foundation

/// A taper applied to each segment before its FFT.
package enum WindowFunction: String, Sendable, Codable, Equatable {
    /// The periodic ("DFT-even") Hann window `0.5 − 0.5·cos(2πi/N)`, i < N: what
    /// `scipy.signal.get_window('hann', N)` and therefore `scipy.signal.welch` use.
    case hann
    /// The symmetric Hann window `0.5 − 0.5·cos(2πi/(N−1))`: the one the reference's line-noise mode
    /// (and `numpy.hanning`) uses.
    case hannSymmetric
    /// No taper (all ones).
    case rectangular

    /// The `count` coefficients of the window.
    package func coefficients(_ count: Int) -> [Double] {
        switch self {
        case .rectangular:
            return [Double](repeating: 1, count: count)
        case .hann:
            return (0..<count).map { i in
                let (c, _) = TwiddleTable.unitRoot(numerator: i, denominator: count)
                return 0.5 - 0.5 * c
            }
        case .hannSymmetric:
            guard count > 1 else { return [Double](repeating: 1, count: count) }
            return (0..<count).map { i in
                let (c, _) = TwiddleTable.unitRoot(numerator: i, denominator: count - 1)
                return 0.5 - 0.5 * c
            }
        }
    }
}
