/// The power-of-two complex FFT at the heart of every transform here: a radix-4 Stockham autosort
/// (with one radix-2 pass when log₂ n is odd), on split real/imaginary arrays.
///
/// Stockham needs no bit-reversal permutation: each pass reads one buffer and writes the other in
/// natural order. Every pass is written on `SIMD2<Double>` (two butterflies at once, the width of the
/// SSE2 baseline every x86-64 and arm64 machine has), which is what brings it close to FFTW.
/// Twiddles come from one table `W[k] = exp(-2πik/n)` computed once per plan, plus a contiguous copy
/// of the first pass's twiddles so that pass can load them as vectors.
enum StockhamKernel {
    typealias V = SIMD2<Double>

    /// Forward DFT of `n` (a power of two ≥ 1) points in place in `(xr, xi)`, using `(yr, yi)` (n
    /// values each) as scratch, `(wr, wi)` (n values) as the twiddle table of size `n` and `first`
    /// (6·n/4 values: W[p], W[2p], W[3p] real and imaginary for p < n/4) for the first pass.
    ///
    /// Calling it with the real and imaginary pointers swapped computes the unnormalised inverse
    /// DFT (swap trick), which is how the inverse transforms use it.
    @inline(__always)
    static func forward(
        n: Int, xr: UnsafeMutablePointer<Double>, xi: UnsafeMutablePointer<Double>,
        yr: UnsafeMutablePointer<Double>, yi: UnsafeMutablePointer<Double>,
        wr: UnsafePointer<Double>, wi: UnsafePointer<Double>, first: UnsafePointer<Double>
    ) {
        transform(n: n, sr: xr, si: xi, dr: xr, di: xi, tr: yr, ti: yi, wr: wr, wi: wi, first: first)
    }

    /// Forward DFT of `(sr, si)` into `(dr, di)` (which may be the same arrays), using `(tr, ti)` as
    /// scratch. The passes alternate between destination and scratch so that the last one writes the
    /// destination: out of place, no copy is needed at all; in place, one copy only when the number
    /// of passes is odd.
    @inline(__always)
    static func transform(
        n: Int, sr: UnsafeMutablePointer<Double>, si: UnsafeMutablePointer<Double>,
        dr: UnsafeMutablePointer<Double>, di: UnsafeMutablePointer<Double>,
        tr: UnsafeMutablePointer<Double>, ti: UnsafeMutablePointer<Double>,
        wr: UnsafePointer<Double>, wi: UnsafePointer<Double>, first: UnsafePointer<Double>
    ) {
        if n <= 4 {
            if sr != dr {
                dr.update(from: sr, count: n)
                di.update(from: si, count: n)
            }
            if n > 1 { scalarSmall(n: n, xr: dr, xi: di) }
            return
        }
        let log2n = n.trailingZeroBitCount
        let passes = log2n / 2 + log2n % 2
        var ar = sr, ai = si
        var br = passes % 2 == 1 ? dr : tr, bi = passes % 2 == 1 ? di : ti
        if ar == br {
            // In place with an odd number of passes: the first pass may not overwrite its input.
            tr.update(from: sr, count: n)
            ti.update(from: si, count: n)
            ar = tr
            ai = ti
        }
        func advance() {
            ar = br
            ai = bi
            br = br == dr ? tr : dr
            bi = bi == di ? ti : di
        }
        var len = n
        var s = 1
        while len >= 4 {
            let m = len >> 2
            let sm = s &* m
            if s == 1 {
                firstPass(m: m, ar: ar, ai: ai, br: br, bi: bi, first: first)
            } else {
                var p = 0
                while p < m {
                    let k1 = p &* s
                    let w1r = V(repeating: wr[k1]), w1i = V(repeating: wi[k1])
                    let w2r = V(repeating: wr[2 &* k1]), w2i = V(repeating: wi[2 &* k1])
                    let w3r = V(repeating: wr[3 &* k1]), w3i = V(repeating: wi[3 &* k1])
                    let base = s &* p
                    let obase = base &* 4
                    var q = 0
                    while q < s {
                        let ia = base &+ q, ib = ia &+ sm, ic = ib &+ sm, id = ic &+ sm
                        let (y0r, y0i, y1r, y1i, y2r, y2i, y3r, y3i) = butterfly(
                            load(ar, ia), load(ai, ia), load(ar, ib), load(ai, ib),
                            load(ar, ic), load(ai, ic), load(ar, id), load(ai, id),
                            w1r, w1i, w2r, w2i, w3r, w3i, twiddled: p != 0)
                        let o = obase &+ q
                        store(y0r, br, o); store(y0i, bi, o)
                        store(y1r, br, o &+ s); store(y1i, bi, o &+ s)
                        store(y2r, br, o &+ 2 &* s); store(y2i, bi, o &+ 2 &* s)
                        store(y3r, br, o &+ 3 &* s); store(y3i, bi, o &+ 3 &* s)
                        q &+= 2
                    }
                    p &+= 1
                }
            }
            advance()
            len = m
            s &*= 4
        }
        if len == 2 {
            var q = 0
            while q < s {
                let r0 = load(ar, q), i0 = load(ai, q), r1 = load(ar, q &+ s), i1 = load(ai, q &+ s)
                store(r0 + r1, br, q); store(i0 + i1, bi, q)
                store(r0 - r1, br, q &+ s); store(i0 - i1, bi, q &+ s)
                q &+= 2
            }
            advance()
        }
    }

    /// The contiguous first-pass twiddles for size `n`: for p < n/4, W[p], W[2p], W[3p] as six
    /// arrays of n/4 (re₁, im₁, re₂, im₂, re₃, im₃).
    static func firstPassTwiddles(n: Int, table: TwiddleTable) -> [Double] {
        let m = max(1, n / 4)
        var out = [Double](repeating: 0, count: 6 * m)
        guard n >= 4 else { return out }
        for p in 0..<m {
            for j in 1...3 {
                out[(2 * (j - 1)) * m + p] = table.real[j * p]
                out[(2 * (j - 1) + 1) * m + p] = table.imaginary[j * p]
            }
        }
        return out
    }

    /// The first radix-4 pass (stride 1), two butterflies at a time; outputs are interleaved by 4, so
    /// each pair of results is transposed before it is stored.
    @inline(__always)
    private static func firstPass(
        m: Int, ar: UnsafeMutablePointer<Double>, ai: UnsafeMutablePointer<Double>,
        br: UnsafeMutablePointer<Double>, bi: UnsafeMutablePointer<Double>, first: UnsafePointer<Double>
    ) {
        let t1r = first, t1i = first + m, t2r = first + 2 &* m, t2i = first + 3 &* m, t3r = first + 4 &* m, t3i = first + 5 &* m
        var p = 0
        while p < m {
            let ib = p &+ m, ic = ib &+ m, id = ic &+ m
            let (y0r, y0i, y1r, y1i, y2r, y2i, y3r, y3i) = butterfly(
                load(ar, p), load(ai, p), load(ar, ib), load(ai, ib),
                load(ar, ic), load(ai, ic), load(ar, id), load(ai, id),
                load(t1r, p), load(t1i, p), load(t2r, p), load(t2i, p), load(t3r, p), load(t3i, p), twiddled: true)
            let o = p &* 4
            store(V(y0r[0], y1r[0]), br, o); store(V(y2r[0], y3r[0]), br, o &+ 2)
            store(V(y0r[1], y1r[1]), br, o &+ 4); store(V(y2r[1], y3r[1]), br, o &+ 6)
            store(V(y0i[0], y1i[0]), bi, o); store(V(y2i[0], y3i[0]), bi, o &+ 2)
            store(V(y0i[1], y1i[1]), bi, o &+ 4); store(V(y2i[1], y3i[1]), bi, o &+ 6)
            p &+= 2
        }
    }

    /// One radix-4 decimation-in-frequency butterfly on two lanes: inputs a, b, c, d (a quarter of
    /// the length apart), outputs multiplied by the twiddles W⁰, W¹, W², W³.
    @inline(__always)
    private static func butterfly(
        _ aR: V, _ aI: V, _ bR: V, _ bI: V, _ cR: V, _ cI: V, _ dR: V, _ dI: V,
        _ w1r: V, _ w1i: V, _ w2r: V, _ w2i: V, _ w3r: V, _ w3i: V, twiddled: Bool
    ) -> (V, V, V, V, V, V, V, V) {
        let apcR = aR + cR, apcI = aI + cI
        let amcR = aR - cR, amcI = aI - cI
        let bpdR = bR + dR, bpdI = bI + dI
        // j·(b − d)
        let jR = dI - bI, jI = bR - dR
        let t1R = amcR - jR, t1I = amcI - jI
        let t2R = apcR - bpdR, t2I = apcI - bpdI
        let t3R = amcR + jR, t3I = amcI + jI
        if !twiddled {
            return (apcR + bpdR, apcI + bpdI, t1R, t1I, t2R, t2I, t3R, t3I)
        }
        return (
            apcR + bpdR, apcI + bpdI,
            t1R * w1r - t1I * w1i, t1R * w1i + t1I * w1r,
            t2R * w2r - t2I * w2i, t2R * w2i + t2I * w2r,
            t3R * w3r - t3I * w3i, t3R * w3i + t3I * w3r
        )
    }

    /// Sizes 2 and 4, directly.
    private static func scalarSmall(n: Int, xr: UnsafeMutablePointer<Double>, xi: UnsafeMutablePointer<Double>) {
        if n == 2 {
            let r0 = xr[0], i0 = xi[0], r1 = xr[1], i1 = xi[1]
            xr[0] = r0 + r1; xi[0] = i0 + i1
            xr[1] = r0 - r1; xi[1] = i0 - i1
            return
        }
        // n == 4: X0 = a+b+c+d, X1 = (a−c) − j(b−d), X2 = (a+c) − (b+d), X3 = (a−c) + j(b−d)
        let aR = xr[0], aI = xi[0], bR = xr[1], bI = xi[1], cR = xr[2], cI = xi[2], dR = xr[3], dI = xi[3]
        let apcR = aR + cR, apcI = aI + cI, amcR = aR - cR, amcI = aI - cI
        let bpdR = bR + dR, bpdI = bI + dI, jR = dI - bI, jI = bR - dR
        xr[0] = apcR + bpdR; xi[0] = apcI + bpdI
        xr[1] = amcR - jR; xi[1] = amcI - jI
        xr[2] = apcR - bpdR; xi[2] = apcI - bpdI
        xr[3] = amcR + jR; xi[3] = amcI + jI
    }

    @inline(__always)
    private static func load(_ p: UnsafeMutablePointer<Double>, _ i: Int) -> V {
        UnsafeRawPointer(p + i).loadUnaligned(as: V.self)
    }

    @inline(__always)
    private static func load(_ p: UnsafePointer<Double>, _ i: Int) -> V {
        UnsafeRawPointer(p + i).loadUnaligned(as: V.self)
    }

    @inline(__always)
    private static func store(_ v: V, _ p: UnsafeMutablePointer<Double>, _ i: Int) {
        UnsafeMutableRawPointer(p + i).storeBytes(of: v, as: V.self)
    }
}
