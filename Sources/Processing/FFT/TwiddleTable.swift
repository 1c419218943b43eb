import Foundation

/// The roots of unity `exp(-2πik/n)`, k = 0…count−1, that a plan precomputes once.
///
/// Each root is computed directly from its angle (never by repeated multiplication), folded into
/// the first octant so that the error stays at one rounding of `cos`/`sin`: that is what keeps the
/// transforms within 1e-12 of numpy's pocketfft.
struct TwiddleTable: Sendable {
    /// Real parts.
    let real: [Double]
    /// Imaginary parts.
    let imaginary: [Double]

    /// The first `count` roots of `exp(-2πik/n)`.
    init(n: Int, count: Int) {
        var re = [Double](repeating: 0, count: count)
        var im = [Double](repeating: 0, count: count)
        for k in 0..<count {
            let (c, s) = Self.unitRoot(numerator: k, denominator: n)
            re[k] = c
            im[k] = -s
        }
        real = re
        imaginary = im
    }

    /// `(cos, sin)` of `2π·numerator/denominator`, exact at the multiples of π/4 and symmetric
    /// elsewhere (reduced to an angle of at most π/4 before calling the libm functions).
    static func unitRoot(numerator: Int, denominator: Int) -> (Double, Double) {
        let n = denominator
        let k = ((numerator % n) + n) % n
        // 8k/n tells the octant; work with the exact integer remainder to avoid rounding drift.
        let eight = 8 * k
        let octant = eight / n
        func cs(_ num: Int) -> (Double, Double) {
            // angle = 2π·num/(8n)·... expressed as π/4 · num / n
            let angle = Double.pi / 4 * Double(num) / Double(n)
            return (cos(angle), sin(angle))
        }
        // Angle θ = (π/4)·(8k/n). Reduce to φ ∈ [0, π/4] using the octant.
        let rem = eight - octant * n  // θ = (π/4)(octant + rem/n)
        switch octant {
        case 0: let (c, s) = cs(rem); return (c, s)
        case 1: let (c, s) = cs(n - rem); return (s, c)
        case 2: let (c, s) = cs(rem); return (-s, c)
        case 3: let (c, s) = cs(n - rem); return (-c, s)
        case 4: let (c, s) = cs(rem); return (-c, -s)
        case 5: let (c, s) = cs(n - rem); return (-s, -c)
        case 6: let (c, s) = cs(rem); return (s, -c)
        default: let (c, s) = cs(n - rem); return (c, -s)
        }
    }
}
