/// The power-of-two complex FFT at the heart of every transform here: a radix-4 Stockham autosort
/// (with one radix-2 pass when log₂ n is odd), on split real/imaginary arrays.
///
/// Stockham needs no bit-reversal permutation: each pass reads one buffer and writes the other in
/// natural order, so memory access stays sequential, which is what makes it fast without SIMD
/// intrinsics. Twiddles come from one table `W[k] = exp(-2πik/n)` computed once per plan.
enum StockhamKernel {
    /// Forward DFT of `n` (a power of two ≥ 1) points in place in `(xr, xi)`, using `(yr, yi)` (n
    /// values each) as scratch and `(wr, wi)` (n values) as the twiddle table of size `n`.
    ///
    /// Calling it with the real and imaginary pointers swapped computes the unnormalised inverse
    /// DFT (conj-free swap trick), which is how the inverse transforms use it.
    @inline(__always)
    static func forward(
        n: Int, xr: UnsafeMutablePointer<Double>, xi: UnsafeMutablePointer<Double>,
        yr: UnsafeMutablePointer<Double>, yi: UnsafeMutablePointer<Double>,
        wr: UnsafePointer<Double>, wi: UnsafePointer<Double>
    ) {
        if n <= 1 { return }
        var ar = xr, ai = xi, br = yr, bi = yi
        var len = n
        var s = 1
        while len >= 4 {
            let m = len >> 2
            let sm = s &* m
            if s == 1 {
                radix4FirstPass(m: m, ar: ar, ai: ai, br: br, bi: bi, wr: wr, wi: wi)
            } else {
                // p = 0: all twiddles are 1.
                for q in 0..<s {
                    butterfly4(
                        ia: q, step: sm, o: q, s: s, ar: ar, ai: ai, br: br, bi: bi,
                        w1r: 1, w1i: 0, w2r: 1, w2i: 0, w3r: 1, w3i: 0)
                }
                var p = 1
                while p < m {
                    let k1 = p &* s
                    let w1r = wr[k1], w1i = wi[k1]
                    let w2r = wr[2 &* k1], w2i = wi[2 &* k1]
                    let w3r = wr[3 &* k1], w3i = wi[3 &* k1]
                    let base = s &* p
                    let obase = base &* 4
                    for q in 0..<s {
                        butterfly4(
                            ia: base &+ q, step: sm, o: obase &+ q, s: s, ar: ar, ai: ai, br: br, bi: bi,
                            w1r: w1r, w1i: w1i, w2r: w2r, w2i: w2i, w3r: w3r, w3i: w3i)
                    }
                    p &+= 1
                }
            }
            swap(&ar, &br)
            swap(&ai, &bi)
            len = m
            s &*= 4
        }
        if len == 2 {
            for q in 0..<s {
                let r0 = ar[q], i0 = ai[q], r1 = ar[q &+ s], i1 = ai[q &+ s]
                br[q] = r0 + r1
                bi[q] = i0 + i1
                br[q &+ s] = r0 - r1
                bi[q &+ s] = i0 - i1
            }
            swap(&ar, &br)
            swap(&ai, &bi)
        }
        if ar != xr {
            xr.update(from: ar, count: n)
            xi.update(from: ai, count: n)
        }
    }

    /// The first radix-4 pass (stride 1), written as one flat loop over the butterflies.
    @inline(__always)
    private static func radix4FirstPass(
        m: Int, ar: UnsafeMutablePointer<Double>, ai: UnsafeMutablePointer<Double>,
        br: UnsafeMutablePointer<Double>, bi: UnsafeMutablePointer<Double>,
        wr: UnsafePointer<Double>, wi: UnsafePointer<Double>
    ) {
        for p in 0..<m {
            butterfly4(
                ia: p, step: m, o: p &* 4, s: 1, ar: ar, ai: ai, br: br, bi: bi,
                w1r: wr[p], w1i: wi[p], w2r: wr[2 &* p], w2i: wi[2 &* p], w3r: wr[3 &* p], w3i: wi[3 &* p])
        }
    }

    /// One radix-4 decimation-in-frequency butterfly: reads `a[ia + j·step]` (j = 0…3), writes
    /// `b[o + j·s]`, multiplying output j by the j-th twiddle.
    @inline(__always)
    private static func butterfly4(
        ia: Int, step: Int, o: Int, s: Int,
        ar: UnsafeMutablePointer<Double>, ai: UnsafeMutablePointer<Double>,
        br: UnsafeMutablePointer<Double>, bi: UnsafeMutablePointer<Double>,
        w1r: Double, w1i: Double, w2r: Double, w2i: Double, w3r: Double, w3i: Double
    ) {
        let ib = ia &+ step, ic = ib &+ step, id = ic &+ step
        let aR = ar[ia], aI = ai[ia], bR = ar[ib], bI = ai[ib]
        let cR = ar[ic], cI = ai[ic], dR = ar[id], dI = ai[id]
        let apcR = aR + cR, apcI = aI + cI
        let amcR = aR - cR, amcI = aI - cI
        let bpdR = bR + dR, bpdI = bI + dI
        // j·(b − d)
        let jR = dI - bI, jI = bR - dR
        br[o] = apcR + bpdR
        bi[o] = apcI + bpdI
        let t1R = amcR - jR, t1I = amcI - jI
        br[o &+ s] = t1R * w1r - t1I * w1i
        bi[o &+ s] = t1R * w1i + t1I * w1r
        let t2R = apcR - bpdR, t2I = apcI - bpdI
        let s2 = o &+ 2 &* s
        br[s2] = t2R * w2r - t2I * w2i
        bi[s2] = t2R * w2i + t2I * w2r
        let t3R = amcR + jR, t3I = amcI + jI
        let s3 = s2 &+ s
        br[s3] = t3R * w3r - t3I * w3i
        bi[s3] = t3R * w3i + t3I * w3r
    }
}
