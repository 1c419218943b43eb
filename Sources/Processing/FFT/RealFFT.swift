/// The DFT of a real signal of a fixed size, returning the one-sided spectrum of `n/2 + 1` bins
/// exactly as `numpy.fft.rfft` does.
///
/// For even n the signal is read as a complex signal of n/2 points (even samples real, odd samples
/// imaginary; the first pass of the power-of-two kernel reads it in place), transformed with
/// ``ComplexFFT`` and unpacked with precomputed twiddles, two bins at a time: half the work of a
/// complex transform. Odd sizes use a complex transform of n points. Reuse one value per size; it
/// allocates nothing per call.
///
/// ```swift
/// var fft = RealFFT(size: 1024)
/// let spectrum = fft.forward(signal)   // spectrum.real.count == 513
/// ```
package struct RealFFT: Sendable {
    /// The number of real input samples.
    package let size: Int
    /// The number of output bins, `size/2 + 1`.
    package var binCount: Int { size / 2 + 1 }

    /// The complex transform of n/2 points (n even) or n points (n odd).
    private var inner: ComplexFFT
    /// Half the unpacking twiddles, `exp(-2πik/n)/2` for k ≤ n/2 (the factor ½ of the unpacking
    /// formula folded in; exact, as it is a power of two).
    private let unpackRe: [Double], unpackIm: [Double]
    /// The complex transform's output (even n) or input and output (odd n).
    private var bufferRe: [Double], bufferIm: [Double]

    /// Prepares a transform of `size` real samples (any size ≥ 1).
    package init(size: Int) {
        self.init(size: size, kernel: .preferred)
    }

    /// Prepares a transform of `size` real samples whose complex transform runs on `kernel` (tests).
    init(size: Int, kernel: FFTKernel) {
        precondition(size >= 1, "an FFT needs at least one point")
        self.size = size
        if size % 2 == 0 {
            let half = size / 2
            inner = ComplexFFT(size: half, kernel: kernel)
            let table = TwiddleTable(n: size, count: half + 1)
            unpackRe = table.real.map { $0 * 0.5 }
            unpackIm = table.imaginary.map { $0 * 0.5 }
            bufferRe = [Double](repeating: 0, count: half)
            bufferIm = [Double](repeating: 0, count: half)
        } else {
            inner = ComplexFFT(size: size, kernel: kernel)
            unpackRe = []
            unpackIm = []
            bufferRe = [Double](repeating: 0, count: size)
            bufferIm = [Double](repeating: 0, count: size)
        }
    }

    /// Transforms `input` (``size`` samples) into ``binCount`` bins `X[k] = Σ x[j]·exp(-2πijk/n)`.
    package mutating func forward(
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
        bufferRe.withUnsafeMutableBufferPointer { br in
            bufferIm.withUnsafeMutableBufferPointer { bi in
                let zr = br.baseAddress!, zi = bi.baseAddress!
                inner.forward(interleaved: input, outputReal: zr, outputImaginary: zi)
                unpackRe.withUnsafeBufferPointer { wr in
                    unpackIm.withUnsafeBufferPointer { wi in
                        Self.unpack(h: h, zr: zr, zi: zi, wr: wr.baseAddress!, wi: wi.baseAddress!, out: out, outIm: outIm)
                    }
                }
            }
        }
    }

    /// The spectrum of the real signal from the transform Z of its n/2 = h complex points. With
    /// `E = (Z[k] + conj Z[h−k])/2` (the even samples' spectrum), `O = (Z[k] − conj Z[h−k])/(2i)`
    /// (the odd samples') and `T = exp(-2πik/n)·O`: `X[k] = E + T` and, by symmetry,
    /// `X[h−k] = conj(E − T)`. So each iteration loads Z[k], Z[k+1] and Z[h−k], Z[h−k−1] (one load,
    /// lanes swapped) and writes four bins from one complex multiplication per lane.
    /// `(wr, wi)` are the halved twiddles.
    @inline(__always)
    private static func unpack(
        h: Int, zr: UnsafePointer<Double>, zi: UnsafePointer<Double>, wr: UnsafePointer<Double>, wi: UnsafePointer<Double>,
        out: UnsafeMutablePointer<Double>, outIm: UnsafeMutablePointer<Double>
    ) {
        typealias V = SIMD2<Double>
        @inline(__always) func load(_ p: UnsafePointer<Double>, _ i: Int) -> V {
            UnsafeRawPointer(p + i).loadUnaligned(as: V.self)
        }
        @inline(__always) func store(_ v: V, _ p: UnsafeMutablePointer<Double>, _ i: Int) {
            UnsafeMutableRawPointer(p + i).storeBytes(of: v, as: V.self)
        }
        @inline(__always) func swapped(_ v: V) -> V { V(v.y, v.x) }
        out[0] = zr[0] + zi[0]
        outIm[0] = 0
        out[h] = zr[0] - zi[0]
        outIm[h] = 0
        let half = V(repeating: 0.5)
        var k = 1
        // Lanes k, k+1 and their partners h−k, h−k−1, while all four are distinct.
        while 2 &* k &+ 2 < h {
            let ar = load(zr, k), ai = load(zi, k)
            let br = swapped(load(zr, h &- k &- 1)), bi = swapped(load(zi, h &- k &- 1))
            let er = half * (ar + br), ei = half * (ai - bi)
            let p = ai + bi, d = br - ar
            let cr = load(wr, k), ci = load(wi, k)
            let tr = p * cr - d * ci, ti = p * ci + d * cr
            store(er + tr, out, k)
            store(ei + ti, outIm, k)
            store(swapped(er - tr), out, h &- k &- 1)
            store(swapped(ti - ei), outIm, h &- k &- 1)
            k &+= 2
        }
        while k <= h &- k {
            let ar = zr[k], ai = zi[k], br = zr[h &- k], bi = zi[h &- k]
            let er = 0.5 * (ar + br), ei = 0.5 * (ai - bi)
            let p = ai + bi, d = br - ar
            let cr = wr[k], ci = wi[k]
            let tr = p * cr - d * ci, ti = p * ci + d * cr
            out[h &- k] = er - tr
            outIm[h &- k] = ti - ei
            out[k] = er + tr
            outIm[k] = ei + ti
            k &+= 1
        }
    }

    /// Transforms `input` (``size`` samples) and returns the ``binCount`` bins.
    package mutating func forward(_ input: [Double]) -> (real: [Double], imaginary: [Double]) {
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
    package mutating func powerSpectrum(
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
