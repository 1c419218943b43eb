/// A reusable plan for complex transforms of any size n, by Bluestein's chirp-z algorithm: the DFT
/// becomes a circular convolution of length M (the power of two ≥ 2n − 1), done with the Stockham
/// kernel. Window lengths are `rate × seconds` (500 at 250 Hz), so this path is not an edge case.
///
/// The chirp `exp(-iπk²/n)` is evaluated with `k² mod 2n` in integers, so its angle never loses
/// precision for large k.
struct BluesteinPlan: Sendable {
    /// The transform size.
    let size: Int
    /// The convolution length, a power of two ≥ 2·size − 1.
    let convolutionSize: Int
    /// The inner power-of-two plan of `convolutionSize`.
    let inner: PowerOfTwoPlan
    /// `exp(-iπk²/n)`, k < n.
    let chirpRe: [Double], chirpIm: [Double]
    /// The DFT of the conjugate chirp, extended symmetrically to M points, pre-divided by M.
    let kernelRe: [Double], kernelIm: [Double]

    /// Precomputes the chirp and the transformed convolution kernel; `kernel` runs the convolution's
    /// power-of-two transforms.
    init(size n: Int, kernel: FFTKernel = .preferred) {
        precondition(n > 0)
        size = n
        var m = 1
        while m < 2 * n - 1 { m <<= 1 }
        convolutionSize = m
        inner = PowerOfTwoPlan(size: m, kernel: kernel)
        var cr = [Double](repeating: 0, count: n), ci = [Double](repeating: 0, count: n)
        for k in 0..<n {
            let k2 = (k * k) % (2 * n)
            // exp(-iπ·k2/n) = exp(-2πi·k2/(2n))
            let (c, s) = TwiddleTable.unitRoot(numerator: k2, denominator: 2 * n)
            cr[k] = c
            ci[k] = -s
        }
        chirpRe = cr
        chirpIm = ci
        var br = [Double](repeating: 0, count: m), bi = [Double](repeating: 0, count: m)
        for k in 0..<n {
            br[k] = cr[k]
            bi[k] = -ci[k]
            if k > 0 {
                br[m - k] = cr[k]
                bi[m - k] = -ci[k]
            }
        }
        var work = [Double](repeating: 0, count: inner.workCount)
        let plan = inner
        br.withUnsafeMutableBufferPointer { r in
            bi.withUnsafeMutableBufferPointer { i in
                work.withUnsafeMutableBufferPointer { w in
                    plan.forward(re: r.baseAddress!, im: i.baseAddress!, work: w.baseAddress!)
                }
            }
        }
        let scale = 1 / Double(m)
        kernelRe = br.map { $0 * scale }
        kernelIm = bi.map { $0 * scale }
    }

    /// How many doubles of work memory ``forward(re:im:work:)`` needs: the convolution buffers and
    /// the inner transform's work memory.
    var workCount: Int { 2 * convolutionSize + inner.workCount }

    /// Forward DFT of `(re, im)` (size values) in place. `work` must hold ``workCount`` values.
    func forward(re: UnsafeMutablePointer<Double>, im: UnsafeMutablePointer<Double>, work: UnsafeMutablePointer<Double>) {
        let n = size, m = convolutionSize
        let ar = work, ai = work + m, innerWork = work + 2 * m
        chirpRe.withUnsafeBufferPointer { cr in
            chirpIm.withUnsafeBufferPointer { ci in
                for k in 0..<n {
                    let xr = re[k], xi = im[k], wr = cr[k], wi = ci[k]
                    ar[k] = xr * wr - xi * wi
                    ai[k] = xr * wi + xi * wr
                }
                (ar + n).initialize(repeating: 0, count: m - n)
                (ai + n).initialize(repeating: 0, count: m - n)
                inner.forward(re: ar, im: ai, work: innerWork)
                kernelRe.withUnsafeBufferPointer { kr in
                    kernelIm.withUnsafeBufferPointer { ki in
                        for k in 0..<m {
                            let xr = ar[k], xi = ai[k], wr = kr[k], wi = ki[k]
                            ar[k] = xr * wr - xi * wi
                            ai[k] = xr * wi + xi * wr
                        }
                    }
                }
                inner.inverseUnscaled(re: ar, im: ai, work: innerWork)
                for k in 0..<n {
                    let xr = ar[k], xi = ai[k], wr = cr[k], wi = ci[k]
                    re[k] = xr * wr - xi * wi
                    im[k] = xr * wi + xi * wr
                }
            }
        }
    }
}
