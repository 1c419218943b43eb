/// The DFT of a real signal of a fixed size, returning the one-sided spectrum of `n/2 + 1` bins
/// exactly as `numpy.fft.rfft` does.
///
/// For even n the signal is packed into a complex signal of n/2 points (even samples real, odd
/// samples imaginary), transformed with ``ComplexFFT`` and unpacked with precomputed twiddles: half
/// the work of a complex transform. Odd sizes use a complex transform of n points. Reuse one value
/// per size; it allocates nothing per call.
///
/// ```swift
/// var fft = RealFFT(size: 1024)
/// let spectrum = fft.forward(signal)   // spectrum.real.count == 513
/// ```
public struct RealFFT: Sendable {
    /// The number of real input samples.
    public let size: Int
    /// The number of output bins, `size/2 + 1`.
    public var binCount: Int { size / 2 + 1 }

    private var inner: ComplexFFT
    private let unpackRe: [Double], unpackIm: [Double]
    private var bufferRe: [Double], bufferIm: [Double]
    private var packedRe: [Double], packedIm: [Double]

    /// Prepares a transform of `size` real samples (any size ≥ 1).
    public init(size: Int) {
        precondition(size >= 1, "an FFT needs at least one point")
        self.size = size
        if size % 2 == 0 {
            let half = size / 2
            inner = ComplexFFT(size: half)
            let table = TwiddleTable(n: size, count: half + 1)
            unpackRe = table.real
            unpackIm = table.imaginary
            bufferRe = [Double](repeating: 0, count: half)
            bufferIm = [Double](repeating: 0, count: half)
            packedRe = bufferRe
            packedIm = bufferIm
        } else {
            inner = ComplexFFT(size: size)
            unpackRe = []
            unpackIm = []
            bufferRe = [Double](repeating: 0, count: size)
            bufferIm = [Double](repeating: 0, count: size)
            packedRe = []
            packedIm = []
        }
    }

    /// Transforms `input` (``size`` samples) into ``binCount`` bins `X[k] = Σ x[j]·exp(-2πijk/n)`.
    public mutating func forward(
        _ input: UnsafePointer<Double>, real out: UnsafeMutablePointer<Double>, imaginary outIm: UnsafeMutablePointer<Double>
    ) {
        let n = size
        if n % 2 == 1 {
            bufferRe.withUnsafeMutableBufferPointer { br in
                bufferIm.withUnsafeMutableBufferPointer { bi in
                    let r = br.baseAddress!, i = bi.baseAddress!
                    r.update(from: input, count: n)
                    i.update(repeating: 0, count: n)
                    inner.forward(real: r, imaginary: i)
                    out.update(from: r, count: n / 2 + 1)
                    outIm.update(from: i, count: n / 2 + 1)
                }
            }
            return
        }
        let h = n / 2
        var packedRe = self.packedRe, packedIm = self.packedIm  // moved out: `inner` is mutated below
        self.packedRe = []
        self.packedIm = []
        defer {
            self.packedRe = packedRe
            self.packedIm = packedIm
        }
        bufferRe.withUnsafeMutableBufferPointer { br in
            bufferIm.withUnsafeMutableBufferPointer { bi in
              packedRe.withUnsafeMutableBufferPointer { pr in
                packedIm.withUnsafeMutableBufferPointer { pi in
                let zr = br.baseAddress!, zi = bi.baseAddress!
                let xr = pr.baseAddress!, xi = pi.baseAddress!
                // De-interleave two pairs at a time: (x0, x1), (x2, x3) → re (x0, x2), im (x1, x3).
                var k = 0
                let raw = UnsafeRawPointer(input)
                while k &+ 1 < h {
                    let a = raw.loadUnaligned(fromByteOffset: 16 &* k, as: SIMD2<Double>.self)
                    let b = raw.loadUnaligned(fromByteOffset: 16 &* k &+ 16, as: SIMD2<Double>.self)
                    UnsafeMutableRawPointer(xr + k).storeBytes(of: SIMD2(a.x, b.x), as: SIMD2<Double>.self)
                    UnsafeMutableRawPointer(xi + k).storeBytes(of: SIMD2(a.y, b.y), as: SIMD2<Double>.self)
                    k &+= 2
                }
                while k < h {
                    xr[k] = input[2 &* k]
                    xi[k] = input[2 &* k &+ 1]
                    k &+= 1
                }
                inner.forward(real: xr, imaginary: xi, outputReal: zr, outputImaginary: zi)
                out[0] = zr[0] + zi[0]
                outIm[0] = 0
                out[h] = zr[0] - zi[0]
                outIm[h] = 0
                unpackRe.withUnsafeBufferPointer { wr in
                    unpackIm.withUnsafeBufferPointer { wi in
                        var k = 1
                        while k < h {
                            // Z[k] and conj(Z[h−k])
                            let ar = zr[k], ai = zi[k], br = zr[h &- k], bi = -zi[h &- k]
                            // E = (Z[k] + conj Z[h−k]) / 2, O = (Z[k] − conj Z[h−k]) / (2i)
                            let er = 0.5 * (ar + br), ei = 0.5 * (ai + bi)
                            let or = 0.5 * (ai - bi), oi = -0.5 * (ar - br)
                            let cr = wr[k], ci = wi[k]
                            out[k] = er + (or * cr - oi * ci)
                            outIm[k] = ei + (or * ci + oi * cr)
                            k &+= 1
                        }
                    }
                }
                }
              }
            }
        }
    }

    /// Transforms `input` (``size`` samples) and returns the ``binCount`` bins.
    public mutating func forward(_ input: [Double]) -> (real: [Double], imaginary: [Double]) {
        precondition(input.count == size, "RealFFT: wrong input length")
        var re = [Double](repeating: 0, count: binCount), im = [Double](repeating: 0, count: binCount)
        input.withUnsafeBufferPointer { x in
            re.withUnsafeMutableBufferPointer { r in
                im.withUnsafeMutableBufferPointer { i in
                    forward(x.baseAddress!, real: r.baseAddress!, imaginary: i.baseAddress!)
                }
            }
        }
        return (re, im)
    }

    /// The squared magnitudes `|X[k]|²` of the ``binCount`` bins of `input`, written to `power`.
    /// The building block of periodograms; `scratch` must hold 2·``binCount`` values.
    public mutating func powerSpectrum(
        _ input: UnsafePointer<Double>, into power: UnsafeMutablePointer<Double>, scratch: UnsafeMutablePointer<Double>
    ) {
        let bins = binCount
        forward(input, real: scratch, imaginary: scratch + bins)
        for k in 0..<bins {
            let r = scratch[k], i = scratch[bins &+ k]
            power[k] = r * r + i * i
        }
    }
}
