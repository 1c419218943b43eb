/// The power-of-two complex FFT at the heart of every transform here: a radix-4 Stockham autosort
/// with a radix-8 last pass when log₂ n is odd, on `SIMD2<Double>` (two butterflies at once, the
/// width of the SSE2 baseline every x86-64 and arm64 machine has).
///
/// Pass with stride s and m = n/(r·s) groups (radix r): for p < m, q < s the r points
/// `x[q + s(p + k·m)]` go through an r-point DFT, output j is multiplied by `W^(j·p·s)` (W = e^(−2πi/n))
/// and stored at `y[q + s(r·p + j)]`. Natural order in, natural order out, no bit reversal.
///
/// What makes it fast on 16 XMM registers:
/// - The two lanes of every pass but the last are neighbouring groups p, p+1 (the same q), so a
///   pass never needs a lane shuffle: its inputs `x[t]`, `x[t+s]` and its outputs `y[t']`,
///   `y[t'+4s]` are each one vector. Between passes the data therefore lives in the work buffer
///   in a *paired* layout where point t is in the same vector as its partner t+s (s the stride of
///   the pass that reads it): point `q + s·P` (q < s, P even) and its partner are in slot
///   `q + s·P/2`, four doubles `re, re', im, im'`. Real and imaginary parts 16 bytes apart let a
///   pass address an input or output with one pointer instead of two.
/// - The twiddles of a pass depend on p only, so a pass loops over p outside and q inside, reading
///   the two groups' twiddles as vectors from a table laid out in pass order (see
///   ``twiddles(n:table:)``), as memory operands of the multiplications.
/// - The first pass reads the caller's layout directly (``StockhamSource``) and the last pass writes
///   the caller's split arrays, so there is no copy in or out, in place or not. The last pass
///   (m = 1) is the only one whose lanes are neighbouring q; it regroups its inputs with lane
///   loads and needs no twiddles. When log₂ n is odd it is radix-8, which costs little more than
///   radix-4 and avoids a whole radix-2 pass over memory.
///
/// A butterfly of a middle pass is 65 instructions (34 of them arithmetic, which is what bounds
/// it: SSE2 has no fused multiply-add and only two lanes) for 8 points × 2 bits. On CPUs with AVX2
/// and FMA, plans run ``AVX2Kernel`` instead (the same algorithm on four lanes, see ``FFTKernel``);
/// this kernel is the one every other machine runs, and a change to the algorithm goes into both.
enum StockhamKernel {
    typealias V = SIMD2<Double>
    /// A paired buffer of 2n doubles as two halves of n that need not be adjacent (so that the
    /// caller's split destination arrays can be one).
    typealias Halves = (UnsafeMutablePointer<Double>, UnsafeMutablePointer<Double>)

    /// `√½`, the real part of `e^(−iπ/4)`.
    static let halfSqrt2 = 0.70710678118654752440084436210484903928

    /// How many doubles of work memory a transform of `n` points needs: two paired buffers.
    static func workCount(n: Int) -> Int { 4 * n }

    /// log₂ of the last pass's radix: 2 when log₂ n is even, 3 when odd.
    @inline(__always)
    static func lastLog2(n: Int) -> Int { n.trailingZeroBitCount & 1 == 0 ? 2 : 3 }

    /// Doubles of twiddles per pair of groups in a middle pass: for j = 1, 2, 3, four vectors (re,
    /// im, im, re).
    static let twiddleBlock = 24

    /// Doubles of twiddles per pair of groups in the first pass: for j = 1, 2, 3, two vectors (re,
    /// im). Its table is used once per transform and is the largest (3n/4 twiddles); stored twice
    /// over it pushed the first pass's working set past L1 at n = 1024.
    static let firstTwiddleBlock = 12

    /// The precomputed twiddles of every radix-4 pass of a size-`n` transform (n ≥ 16), in pass
    /// order: for each pass of stride s and each even p < m, for j = 1, 2, 3, the vectors of the real
    /// parts, imaginary parts, imaginary parts again and real parts again of `W^(jps)` and
    /// `W^(j(p+1)s)` (``twiddleBlock`` doubles; ``firstTwiddleBlock`` in the first pass, without the
    /// repeats). Each factor of a complex multiplication has its own copy, so the compiler loads
    /// each one straight into the multiplication (a memory operand) instead of loading it once and
    /// copying it into a second register (SSE's destructive two-operand form): 8 instructions per
    /// complex multiplication instead of 10.
    static func twiddles(n: Int, table: TwiddleTable) -> [Double] {
        guard n >= 16 else { return [] }
        var out: [Double] = []
        out.reserveCapacity(2 * n)
        let lastRadix = 1 << lastLog2(n: n)
        var s = 1
        while n / s >= 4 * lastRadix {
            let m = n / (4 * s)
            for p in stride(from: 0, to: m, by: 2) {
                for j in 1...3 {
                    let k0 = j * p * s, k1 = j * (p + 1) * s
                    let re = [table.real[k0], table.real[k1]], im = [table.imaginary[k0], table.imaginary[k1]]
                    out += s == 1 ? re + im : re + im + im + re
                }
            }
            s *= 4
        }
        return out
    }

    /// Forward DFT of `n` points (a power of two ≥ 16) from `source` into the split arrays
    /// `(dr, di)`, which may be where the source reads from (the source is fully read by the first
    /// pass) unless `sourceIsApart` says the source does not overlap them. `work` holds ``workCount(n:)`` doubles; `twiddles` is ``twiddles(n:table:)``, 16-byte
    /// aligned. The other memory needs no alignment.
    ///
    /// With the source and destination pointers' real and imaginary parts swapped it computes the
    /// unnormalised inverse DFT (swap trick), which is how the inverse transforms use it.
    @inline(__always)
    static func transform<Source: StockhamSource>(
        n: Int, source: Source, dr: UnsafeMutablePointer<Double>, di: UnsafeMutablePointer<Double>,
        work: UnsafeMutablePointer<Double>, twiddles: UnsafePointer<Double>, sourceIsApart: Bool
    ) {
        let log2n = n.trailingZeroBitCount
        let last = lastLog2(n: n)
        let middles = (log2n &- 2 &- last) &>> 1
        // Buffers as (first half, second half). Out of place, the destination serves as the second
        // buffer: three buffers in cache instead of four (it finishes in the scratch buffer, which
        // the last pass reads while writing the destination).
        let scratch = (work, work + n)
        let other = sourceIsApart ? (dr, di) : (work + 2 &* n, work + 3 &* n)
        var (a, b) = middles & 1 == 0 ? (scratch, other) : (other, scratch)
        let half = n &>> 3  // groups of the first pass whose outputs fill the first half
        firstPass(from: 0, to: half, m: n &>> 2, source: source, output: a.0, twiddles: twiddles)
        firstPass(from: half, to: 2 &* half, m: n &>> 2, source: source, output: a.1 - 8 &* half, twiddles: twiddles)
        var tw = twiddles + (firstTwiddleBlock / 2) &* (n &>> 2)
        var log2s = 2
        while log2n &- log2s >= 2 &+ last {
            let m = n &>> (log2s &+ 2)
            middlePass(n: n, s: 1 &<< log2s, m: m, input: a, output: b, twiddles: tw)
            tw += (twiddleBlock / 2) &* m
            swap(&a, &b)
            log2s &+= 2
        }
        if last == 2 {
            lastPass4(s: n &>> 2, input: a, dr: dr, di: di)
        } else {
            lastPass8(s: n &>> 3, input: a, dr: dr, di: di)
        }
    }

    /// The first pass (s = 1, m = n/4) for groups `from` ..< `to`: groups p and p+1 from the source,
    /// outputs 4p…4p+7 to the 16 doubles at `output + 8p` (slots 2p + j).
    @inline(__always)
    private static func firstPass<Source: StockhamSource>(
        from: Int, to: Int, m: Int, source: Source, output: UnsafeMutablePointer<Double>, twiddles: UnsafePointer<Double>
    ) {
        var p = from
        var o = output + 8 &* from
        var t = twiddles + (firstTwiddleBlock / 2) &* from
        while p < to {
            let (aR, aI) = source.pair(p)
            let (bR, bI) = source.pair(p &+ m)
            let (cR, cI) = source.pair(p &+ 2 &* m)
            let (dR, dI) = source.pair(p &+ 3 &* m)
            let (y0r, y0i, t1r, t1i, t2r, t2i, t3r, t3i) = butterfly(aR, aI, bR, bI, cR, cI, dR, dI)
            let (y1r, y1i) = multiplyOnce(t1r, t1i, t)
            let (y2r, y2i) = multiplyOnce(t2r, t2i, t + 4)
            let (y3r, y3i) = multiplyOnce(t3r, t3i, t + 8)
            store(y0r, o, 0); store(y0i, o, 2)
            store(y1r, o, 4); store(y1i, o, 6)
            store(y2r, o, 8); store(y2i, o, 10)
            store(y3r, o, 12); store(y3i, o, 14)
            p &+= 2
            o += 16
            t += firstTwiddleBlock
        }
    }

    /// A middle pass of stride `s` (≥ 4) and `m` groups, paired layout to paired layout: each pair
    /// of groups has one twiddle block for its s vector butterflies (it stays in L1). Input k of slot q
    /// is at doubles `4q + 2sp + k·n/2`, output j at `4q + 8sp + j·4s` (counted across the two
    /// halves of a buffer). The inner loop addresses
    /// its eight streams from fixed base pointers and one offset (no pointer arithmetic per
    /// iteration) and does two butterflies per iteration (s is even).
    @inline(__always)
    private static func middlePass(
        n: Int, s: Int, m: Int, input: Halves, output: Halves, twiddles: UnsafePointer<Double>
    ) {
        let inStride = 2 &* s &* m  // n/2
        let outStride = 4 &* s
        let end = 4 &* s
        var p = 0
        var t = twiddles
        while p < m {
            let i0 = input.0 + 2 &* s &* p, i1 = i0 + inStride, i2 = input.1 + 2 &* s &* p, i3 = i2 + inStride
            let block = 8 &* s &* p  // never straddles the halves: 16s divides n
            let o0 = block < n ? output.0 + block : output.1 + (block &- n)
            let o1 = o0 + outStride, o2 = o1 + outStride, o3 = o2 + outStride
            var x = 0
            while x < end {
                for u in 0..<2 {
                    let y = x &+ 4 &* u
                    let (y0r, y0i, y1r, y1i, y2r, y2i, y3r, y3i) = twiddledButterfly(
                        load(i0, y), load(i0, y &+ 2), load(i1, y), load(i1, y &+ 2),
                        load(i2, y), load(i2, y &+ 2), load(i3, y), load(i3, y &+ 2), t)
                    store(y0r, o0, y); store(y0i, o0, y &+ 2)
                    store(y1r, o1, y); store(y1i, o1, y &+ 2)
                    store(y2r, o2, y); store(y2i, o2, y &+ 2)
                    store(y3r, o3, y); store(y3i, o3, y &+ 2)
                }
                x &+= 8
            }
            p &+= 2
            t += twiddleBlock
        }
    }

    /// The lane regrouping of the last passes: element `i` of slot q and element `i` of slot q+1
    /// (4 doubles on) as one vector, loaded as two scalars (movsd + movhpd). Regrouping vectors
    /// after loading them instead lets the compiler move the shuffles above the additions of the
    /// radix-8 pass, which doubled the shuffles and spilled registers.
    @inline(__always)
    private static func gather(_ p: UnsafeMutablePointer<Double>, _ i: Int) -> V {
        V(p[i], p[i &+ 4])
    }

    /// The last pass when log₂ n is even: radix 4, m = 1 (no twiddles), s = n/4, paired layout
    /// (inputs 0, 1 in slot q, 2, 3 in slot q + s) to the caller's split arrays, q and q+1 at once.
    @inline(__always)
    private static func lastPass4(
        s: Int, input: Halves, dr: UnsafeMutablePointer<Double>, di: UnsafeMutablePointer<Double>
    ) {
        var q = 0
        var i = input.0, h = input.1  // slots q and q + s (4s = n doubles on)
        while q < s {
            // Lanes are the two inputs of a slot: (a, b) and (c, d) of butterfly q, then of q + 1.
            let s0r = load(i, 0) + load(h, 0), s0i = load(i, 2) + load(h, 2)  // (a + c, b + d)
            let d0r = load(i, 0) - load(h, 0), d0i = load(i, 2) - load(h, 2)  // (a − c, b − d)
            let s1r = load(i, 4) + load(h, 4), s1i = load(i, 6) + load(h, 6)
            let d1r = load(i, 4) - load(h, 4), d1i = load(i, 6) - load(h, 6)
            // Regroup: lanes q, q + 1.
            let apcR = low(s0r, s1r), bpdR = high(s0r, s1r), apcI = low(s0i, s1i), bpdI = high(s0i, s1i)
            let amcR = low(d0r, d1r), bmdR = high(d0r, d1r), amcI = low(d0i, d1i), bmdI = high(d0i, d1i)
            store(apcR + bpdR, dr, q); store(apcI + bpdI, di, q)
            store(amcR + bmdI, dr, q &+ s); store(amcI - bmdR, di, q &+ s)
            store(apcR - bpdR, dr, q &+ 2 &* s); store(apcI - bpdI, di, q &+ 2 &* s)
            store(amcR - bmdI, dr, q &+ 3 &* s); store(amcI + bmdR, di, q &+ 3 &* s)
            q &+= 2
            i += 8
            h += 8
        }
    }

    /// Lanes 0 of `a` and `b` (unpcklpd).
    @inline(__always)
    private static func low(_ a: V, _ b: V) -> V { V(a.x, b.x) }

    /// Lanes 1 of `a` and `b` (unpckhpd).
    @inline(__always)
    private static func high(_ a: V, _ b: V) -> V { V(a.y, b.y) }

    /// The last pass when log₂ n is odd: radix 8, m = 1 (no twiddles), s = n/8, inputs 2l and 2l+1
    /// in slot q + l·s. Split into the even outputs (a radix-4 DFT of `x[k] + x[k+4]`) and the odd
    /// ones (of `(x[k] − x[k+4])·e^(−iπk/4)`).
    ///
    /// Up to n = 1024 one loop does both halves, with the lanes of its first additions being the
    /// two inputs of a slot and a regrouping (unpck) after them, as in ``lastPass4(s:input:dr:di:)``
    /// (−1–2 % against 32 lane loads per two butterflies; at 2048 this loop was 7 % slower than the
    /// two below). From n = 2048 on each half is a loop of its own
    /// that writes 8 output streams instead of 16: from n = 4096 the streams are a multiple of 4 KiB
    /// apart, all in one set of the 12-way L1 cache, and 16 of them evicted each other's half-written
    /// lines (a third of the whole transform's time at n = 8192); at 2048 the two are even.
    @inline(__always)
    private static func lastPass8(
        s: Int, input: Halves, dr: UnsafeMutablePointer<Double>, di: UnsafeMutablePointer<Double>
    ) {
        let st = 4 &* s
        if s < 256 {
            // Lanes are the two inputs of a slot (x[k], x[k+1], k even) of butterfly q, then of q + 1,
            // regrouped into lanes q, q + 1 after the first additions.
            let hv = V(repeating: halfSqrt2)
            var q = 0
            var i = input.0, h = input.1  // slot groups 0, 1 and 2, 3 (2·4s = n doubles on)
            while q < s {
                // (u0, u1) = (x0 + x4, x1 + x5), (u2, u3); (d0, d1) = (x0 − x4, x1 − x5), (d2, d3).
                let u01r0 = load(i, 0) + load(h, 0), u01i0 = load(i, 2) + load(h, 2)
                let u23r0 = load(i, st) + load(h, st), u23i0 = load(i, st &+ 2) + load(h, st &+ 2)
                let d01r0 = load(i, 0) - load(h, 0), d01i0 = load(i, 2) - load(h, 2)
                let d23r0 = load(i, st) - load(h, st), d23i0 = load(i, st &+ 2) - load(h, st &+ 2)
                let u01r1 = load(i, 4) + load(h, 4), u01i1 = load(i, 6) + load(h, 6)
                let u23r1 = load(i, st &+ 4) + load(h, st &+ 4), u23i1 = load(i, st &+ 6) + load(h, st &+ 6)
                let d01r1 = load(i, 4) - load(h, 4), d01i1 = load(i, 6) - load(h, 6)
                let d23r1 = load(i, st &+ 4) - load(h, st &+ 4), d23i1 = load(i, st &+ 6) - load(h, st &+ 6)
                // Even outputs: radix 4 of u; (u0 ± u2, u1 ± u3) lane-wise, then across lanes.
                let pr0 = u01r0 + u23r0, pi0 = u01i0 + u23i0, mr0 = u01r0 - u23r0, mi0 = u01i0 - u23i0
                let pr1 = u01r1 + u23r1, pi1 = u01i1 + u23i1, mr1 = u01r1 - u23r1, mi1 = u01i1 - u23i1
                let apcR = low(pr0, pr1), bpdR = high(pr0, pr1), apcI = low(pi0, pi1), bpdI = high(pi0, pi1)
                let amcR = low(mr0, mr1), bmdR = high(mr0, mr1), amcI = low(mi0, mi1), bmdI = high(mi0, mi1)
                store(apcR + bpdR, dr, q); store(apcI + bpdI, di, q)
                store(amcR + bmdI, dr, q &+ 2 &* s); store(amcI - bmdR, di, q &+ 2 &* s)
                store(apcR - bpdR, dr, q &+ 4 &* s); store(apcI - bpdI, di, q &+ 4 &* s)
                store(amcR - bmdI, dr, q &+ 6 &* s); store(amcI + bmdR, di, q &+ 6 &* s)
                // Odd outputs: v_k = d_k·w^k (w = e^(−iπ/4)). Lane-wise (d0 ∓ i·d2, d1 ∓ i·d3) =
                // (v0 ± v2, (v1 ± v3)/w), so only lane 1 needs the multiplication by w, after regrouping.
                let gr0 = d01r0 + d23i0, gi0 = d01i0 - d23r0, rr0 = d01r0 - d23i0, ri0 = d01i0 + d23r0
                let gr1 = d01r1 + d23i1, gi1 = d01i1 - d23r1, rr1 = d01r1 - d23i1, ri1 = d01i1 + d23r1
                let aR = low(gr0, gr1), aI = low(gi0, gi1), cR = low(rr0, rr1), cI = low(ri0, ri1)
                let bR0 = high(gr0, gr1), bI0 = high(gi0, gi1), eR0 = high(rr0, rr1), eI0 = high(ri0, ri1)
                let bR = (bR0 + bI0) * hv, bI = (bI0 - bR0) * hv  // v1 + v3
                let eR = (eR0 + eI0) * hv, eI = (eI0 - eR0) * hv  // v1 − v3
                store(aR + bR, dr, q &+ s); store(aI + bI, di, q &+ s)
                store(cR + eI, dr, q &+ 3 &* s); store(cI - eR, di, q &+ 3 &* s)
                store(aR - bR, dr, q &+ 5 &* s); store(aI - bI, di, q &+ 5 &* s)
                store(cR - eI, dr, q &+ 7 &* s); store(cI + eR, di, q &+ 7 &* s)
                q &+= 2
                i += 8
                h += 8
            }
            return
        }
        var q = 0
        var i = input.0, h = input.1  // slot groups 0, 1 and 2, 3 (2·4s = n doubles on)
        while q < s {
            let u0r = gather(i, 0) + gather(h, 0), u1r = gather(i, 1) + gather(h, 1)
            let u0i = gather(i, 2) + gather(h, 2), u1i = gather(i, 3) + gather(h, 3)
            let u2r = gather(i, st) + gather(h, st), u3r = gather(i, st &+ 1) + gather(h, st &+ 1)
            let u2i = gather(i, st &+ 2) + gather(h, st &+ 2), u3i = gather(i, st &+ 3) + gather(h, st &+ 3)
            let (e0r, e0i, e1r, e1i, e2r, e2i, e3r, e3i) = butterfly(u0r, u0i, u1r, u1i, u2r, u2i, u3r, u3i)
            storeEven(q, s, dr, di, e0r, e0i, e1r, e1i, e2r, e2i, e3r, e3i)
            q &+= 2
            i += 8
            h += 8
        }
        q = 0
        i = input.0
        h = input.1
        while q < s {
            let d0r = gather(i, 0) - gather(h, 0), d1r = gather(i, 1) - gather(h, 1)
            let d0i = gather(i, 2) - gather(h, 2), d1i = gather(i, 3) - gather(h, 3)
            let d2r = gather(i, st) - gather(h, st), d3r = gather(i, st &+ 1) - gather(h, st &+ 1)
            let d2i = gather(i, st &+ 2) - gather(h, st &+ 2), d3i = gather(i, st &+ 3) - gather(h, st &+ 3)
            let (v0r, v0i, v1r, v1i, v2r, v2i, v3r, v3i) = oddInputs(d0r, d0i, d1r, d1i, d2r, d2i, d3r, d3i)
            let (o0r, o0i, o1r, o1i, o2r, o2i, o3r, o3i) = butterfly(v0r, v0i, v1r, v1i, v2r, v2i, v3r, v3i)
            storeOdd(q, s, dr, di, o0r, o0i, o1r, o1i, o2r, o2i, o3r, o3i)
            q &+= 2
            i += 8
            h += 8
        }
    }

    /// Stores the even outputs 0, 2, 4, 6 of radix-8 last-pass butterflies q, q+1.
    @inline(__always)
    private static func storeEven(
        _ q: Int, _ s: Int, _ dr: UnsafeMutablePointer<Double>, _ di: UnsafeMutablePointer<Double>,
        _ e0r: V, _ e0i: V, _ e1r: V, _ e1i: V, _ e2r: V, _ e2i: V, _ e3r: V, _ e3i: V
    ) {
        store(e0r, dr, q); store(e0i, di, q)
        store(e1r, dr, q &+ 2 &* s); store(e1i, di, q &+ 2 &* s)
        store(e2r, dr, q &+ 4 &* s); store(e2i, di, q &+ 4 &* s)
        store(e3r, dr, q &+ 6 &* s); store(e3i, di, q &+ 6 &* s)
    }

    /// Stores the odd outputs 1, 3, 5, 7 of radix-8 last-pass butterflies q, q+1.
    @inline(__always)
    private static func storeOdd(
        _ q: Int, _ s: Int, _ dr: UnsafeMutablePointer<Double>, _ di: UnsafeMutablePointer<Double>,
        _ o0r: V, _ o0i: V, _ o1r: V, _ o1i: V, _ o2r: V, _ o2i: V, _ o3r: V, _ o3i: V
    ) {
        store(o0r, dr, q &+ s); store(o0i, di, q &+ s)
        store(o1r, dr, q &+ 3 &* s); store(o1i, di, q &+ 3 &* s)
        store(o2r, dr, q &+ 5 &* s); store(o2i, di, q &+ 5 &* s)
        store(o3r, dr, q &+ 7 &* s); store(o3i, di, q &+ 7 &* s)
    }

    /// The differences `x[k] − x[k+4]` of a radix-8 DFT times `e^(−iπk/4)`, k = 0…3.
    @inline(__always)
    static func oddInputs(
        _ d0R: V, _ d0I: V, _ d1R: V, _ d1I: V, _ d2R: V, _ d2I: V, _ d3R: V, _ d3I: V
    ) -> (V, V, V, V, V, V, V, V) {
        let h = V(repeating: halfSqrt2)
        // ·(1 − i)/√2, ·(−i), ·(−1 − i)/√2
        return (
            d0R, d0I,
            (d1R + d1I) * h, (d1I - d1R) * h,
            d2I, -d2R,
            (d3I - d3R) * h, (d3R + d3I) * -h
        )
    }

    /// A radix-4 DFT on two lanes: inputs a, b, c, d (a quarter of the length apart).
    @inline(__always)
    static func butterfly(
        _ aR: V, _ aI: V, _ bR: V, _ bI: V, _ cR: V, _ cI: V, _ dR: V, _ dI: V
    ) -> (V, V, V, V, V, V, V, V) {
        let apcR = aR + cR, apcI = aI + cI
        let amcR = aR - cR, amcI = aI - cI
        let bpdR = bR + dR, bpdI = bI + dI
        // j·(b − d)
        let jR = dI - bI, jI = bR - dR
        return (apcR + bpdR, apcI + bpdI, amcR - jR, amcI - jI, apcR - bpdR, apcI - bpdI, amcR + jR, amcI + jI)
    }

    /// ``butterfly(_:_:_:_:_:_:_:_:)`` with outputs 1, 2, 3 multiplied by the twiddles of the block
    /// at `t` (see ``twiddles(n:table:)``), loaded at their point of use.
    @inline(__always)
    private static func twiddledButterfly(
        _ aR: V, _ aI: V, _ bR: V, _ bI: V, _ cR: V, _ cI: V, _ dR: V, _ dI: V, _ t: UnsafePointer<Double>
    ) -> (V, V, V, V, V, V, V, V) {
        let (y0R, y0I, t1R, t1I, t2R, t2I, t3R, t3I) = butterfly(aR, aI, bR, bI, cR, cI, dR, dI)
        let (y1R, y1I) = multiply(t1R, t1I, t)
        let (y2R, y2I) = multiply(t2R, t2I, t + 8)
        let (y3R, y3I) = multiply(t3R, t3I, t + 16)
        return (y0R, y0I, y1R, y1I, y2R, y2I, y3R, y3I)
    }

    /// `(xR + i·xI)·w` for the twiddle vectors `re, im` at `w` (first pass).
    @inline(__always)
    private static func multiplyOnce(_ xR: V, _ xI: V, _ w: UnsafePointer<Double>) -> (V, V) {
        let wr = loadAligned(w, 0), wi = loadAligned(w, 2)
        return (xR * wr - xI * wi, xR * wi + xI * wr)
    }

    /// `(xR + i·xI)·w` for the twiddle vectors `re, im, im, re` at `w`.
    @inline(__always)
    private static func multiply(_ xR: V, _ xI: V, _ w: UnsafePointer<Double>) -> (V, V) {
        (xR * loadAligned(w, 0) - xI * loadAligned(w, 2), xR * loadAligned(w, 4) + xI * loadAligned(w, 6))
    }

    /// Sizes 1, 2, 4 and 8 (below the vector passes' minimum of 16), from `source` into `(dr, di)`.
    /// Lane 0 of the vector butterflies does the work; speed does not matter at these sizes.
    static func small<Source: StockhamSource>(
        n: Int, source: Source, dr: UnsafeMutablePointer<Double>, di: UnsafeMutablePointer<Double>
    ) {
        withUnsafeTemporaryAllocation(of: Double.self, capacity: 16) { buffer in
            // Read everything first: the destination may be the source.
            let xr = buffer.baseAddress!, xi = xr + 8
            for k in 0..<n { (xr[k], xi[k]) = source.point(k) }
            func v(_ k: Int) -> (V, V) { (V(xr[k], 0), V(xi[k], 0)) }
            switch n {
            case 1:
                dr[0] = xr[0]; di[0] = xi[0]
            case 2:
                dr[0] = xr[0] + xr[1]; di[0] = xi[0] + xi[1]
                dr[1] = xr[0] - xr[1]; di[1] = xi[0] - xi[1]
            case 4:
                let (a, b, c, d) = (v(0), v(1), v(2), v(3))
                let y = butterfly(a.0, a.1, b.0, b.1, c.0, c.1, d.0, d.1)
                dr[0] = y.0.x; di[0] = y.1.x; dr[1] = y.2.x; di[1] = y.3.x
                dr[2] = y.4.x; di[2] = y.5.x; dr[3] = y.6.x; di[3] = y.7.x
            default:
                precondition(n == 8, "StockhamKernel.small: n must be 1, 2, 4 or 8")
                func sum(_ k: Int) -> (V, V) { (v(k).0 + v(k + 4).0, v(k).1 + v(k + 4).1) }
                func difference(_ k: Int) -> (V, V) { (v(k).0 - v(k + 4).0, v(k).1 - v(k + 4).1) }
                let (u0, u1, u2, u3) = (sum(0), sum(1), sum(2), sum(3))
                let e = butterfly(u0.0, u0.1, u1.0, u1.1, u2.0, u2.1, u3.0, u3.1)
                let (d0, d1, d2, d3) = (difference(0), difference(1), difference(2), difference(3))
                let w = oddInputs(d0.0, d0.1, d1.0, d1.1, d2.0, d2.1, d3.0, d3.1)
                let o = butterfly(w.0, w.1, w.2, w.3, w.4, w.5, w.6, w.7)
                dr[0] = e.0.x; di[0] = e.1.x; dr[2] = e.2.x; di[2] = e.3.x
                dr[4] = e.4.x; di[4] = e.5.x; dr[6] = e.6.x; di[6] = e.7.x
                dr[1] = o.0.x; di[1] = o.1.x; dr[3] = o.2.x; di[3] = o.3.x
                dr[5] = o.4.x; di[5] = o.5.x; dr[7] = o.6.x; di[7] = o.7.x
            }
        }
    }

    /// A vector from the work buffer or the twiddles (no alignment assumed: aligned loads allowing
    /// memory operands were tried and changed no instruction in the hot loops).
    @inline(__always)
    private static func load(_ p: UnsafeMutablePointer<Double>, _ i: Int) -> V {
        UnsafeRawPointer(p + i).loadUnaligned(as: V.self)
    }

    /// A twiddle vector: an aligned load (the table is 16-byte aligned, see ``PowerOfTwoPlan``), which
    /// the compiler can fold into the multiplication as a memory operand.
    @inline(__always)
    private static func loadAligned(_ p: UnsafePointer<Double>, _ i: Int) -> V {
        UnsafeRawPointer(p + i).load(as: V.self)
    }

    /// ``load(_:_:)`` from a read-only pointer.
    @inline(__always)
    private static func load(_ p: UnsafePointer<Double>, _ i: Int) -> V {
        UnsafeRawPointer(p + i).loadUnaligned(as: V.self)
    }

    @inline(__always)
    private static func store(_ v: V, _ p: UnsafeMutablePointer<Double>, _ i: Int) {
        UnsafeMutableRawPointer(p + i).storeBytes(of: v, as: V.self)
    }
}
