/// A complex input held as separate arrays of real and imaginary parts (the layout of the public
/// ``ComplexFFT`` API): two vector loads per pair of points.
struct SplitComplexSource: StockhamSource {
    /// Real parts.
    let real: UnsafePointer<Double>
    /// Imaginary parts.
    let imaginary: UnsafePointer<Double>

    /// Points `index` and `index + 1`, loaded without any alignment assumption.
    @inline(__always)
    func pair(_ index: Int) -> (SIMD2<Double>, SIMD2<Double>) {
        (
            UnsafeRawPointer(real + index).loadUnaligned(as: SIMD2<Double>.self),
            UnsafeRawPointer(imaginary + index).loadUnaligned(as: SIMD2<Double>.self)
        )
    }

    /// Point `index` alone.
    @inline(__always)
    func point(_ index: Int) -> (Double, Double) { (real[index], imaginary[index]) }

    /// The AVX2 kernel's transform from the split arrays.
    @inline(__always)
    func forwardAVX2(
        n: Int, dr: UnsafeMutablePointer<Double>, di: UnsafeMutablePointer<Double>, work: UnsafeMutablePointer<Double>,
        twiddles: UnsafePointer<Double>, sourceIsApart: Bool
    ) {
        AVX2Kernel.forward(
            n: n, real: real, imaginary: imaginary, dr: dr, di: di, work: work, twiddles: twiddles, sourceIsApart: sourceIsApart)
    }
}
