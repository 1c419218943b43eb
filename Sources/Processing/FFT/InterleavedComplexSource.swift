/// A complex input held as interleaved `(re, im)` pairs, which is exactly how ``RealFFT`` sees a real
/// signal of 2h samples as h complex points (even samples real, odd samples imaginary). Reading it
/// in the first pass saves the separate de-interleaving pass over the signal.
struct InterleavedComplexSource: StockhamSource {
    /// `re₀, im₀, re₁, im₁, …`.
    let values: UnsafePointer<Double>

    /// Points `index` and `index + 1`: two loads, transposed.
    @inline(__always)
    func pair(_ index: Int) -> (SIMD2<Double>, SIMD2<Double>) {
        let raw = UnsafeRawPointer(values + 2 &* index)
        let a = raw.loadUnaligned(as: SIMD2<Double>.self)
        let b = raw.loadUnaligned(fromByteOffset: 16, as: SIMD2<Double>.self)
        return (SIMD2(a.x, b.x), SIMD2(a.y, b.y))
    }

    /// Point `index` alone.
    @inline(__always)
    func point(_ index: Int) -> (Double, Double) { (values[2 &* index], values[2 &* index &+ 1]) }

    /// The AVX2 kernel's transform from the interleaved pairs (de-interleaved in its first pass); the
    /// destination must not overlap them.
    @inline(__always)
    func forwardAVX2(
        n: Int, dr: UnsafeMutablePointer<Double>, di: UnsafeMutablePointer<Double>, work: UnsafeMutablePointer<Double>,
        twiddles: UnsafePointer<Double>, sourceIsApart: Bool
    ) {
        precondition(sourceIsApart, "InterleavedComplexSource: the destination must not overlap the source")
        AVX2Kernel.forward(n: n, interleaved: values, dr: dr, di: di, work: work, twiddles: twiddles)
    }
}
