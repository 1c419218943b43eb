import Foundation

/// The band-pass a pulse wave is cleaned with before beats are found: a 2nd-order Butterworth
/// high-pass at 0.5 Hz then a 2nd-order Butterworth low-pass at 8 Hz (biquads from the bilinear
/// transform), run forward and backward so the beats are not delayed (zero phase, 4th order in
/// effect). Both ends are padded with 2 s of the signal mirrored about its end value, so the
/// filter starts settled.
package struct PulseFilter: Sendable {
    /// The pass band in Hz.
    package static let band = (low: 0.5, high: 8.0)

    private struct Biquad {
        var b0, b1, b2, a1, a2: Double

        /// RBJ's cookbook biquad with Q = 1/√2 (Butterworth).
        init(lowPass: Bool, cutoff: Double, rate: Double) {
            let w = 2 * Double.pi * min(cutoff, rate * 0.45) / rate
            let c = cos(w)
            let alpha = sin(w) / (2 * 0.5.squareRoot())  // sin(w) / (2Q), Q = 1/√2
            let a0 = 1 + alpha
            if lowPass {
                b0 = (1 - c) / 2 / a0; b1 = (1 - c) / a0; b2 = (1 - c) / 2 / a0
            } else {
                b0 = (1 + c) / 2 / a0; b1 = -(1 + c) / a0; b2 = (1 + c) / 2 / a0
            }
            a1 = -2 * c / a0
            a2 = (1 - alpha) / a0
        }

        /// Filters `x` in place (direct form II transposed), starting from rest.
        func run(_ x: inout [Double]) {
            var z1 = 0.0, z2 = 0.0
            for i in x.indices {
                let v = x[i]
                let y = b0 * v + z1
                z1 = b1 * v - a1 * y + z2
                z2 = b2 * v - a2 * y
                x[i] = y
            }
        }
    }

    private let stages: [Biquad]
    private let pad: Int

    /// A filter for samples at `rate` Hz.
    package init(rate: Double) {
        stages = [Biquad(lowPass: false, cutoff: Self.band.low, rate: rate), Biquad(lowPass: true, cutoff: Self.band.high, rate: rate)]
        pad = Int(2 * rate)
    }

    /// `x` (finite values, one continuous stretch) filtered forward and backward.
    package func apply(_ x: [Double]) -> [Double] {
        guard x.count > 3, let first = x.first, let last = x.last else { return x.map { _ in 0 } }
        let n = min(pad, x.count - 1)
        var y: [Double] = []
        y.reserveCapacity(x.count + 2 * n)
        for i in stride(from: n, through: 1, by: -1) { y.append(2 * first - x[i]) }
        y += x
        for i in 1...n { y.append(2 * last - x[x.count - 1 - i]) }
        let offset = y[0]
        for i in y.indices { y[i] -= offset }
        for stage in stages { stage.run(&y) }
        y.reverse()
        for stage in stages { stage.run(&y) }
        y.reverse()
        return Array(y[n..<(n + x.count)])
    }
}
