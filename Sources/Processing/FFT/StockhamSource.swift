/// Where the first pass of ``StockhamKernel`` reads its input from: two neighbouring complex points
/// at a time, as a vector of their real parts and a vector of their imaginary parts.
///
/// A protocol (specialised away in release builds) so that one first pass serves split arrays
/// (``ComplexFFT``) and interleaved pairs (``RealFFT``'s packed signal) without a conversion pass.
protocol StockhamSource {
    /// Points `index` and `index + 1`: `(real parts, imaginary parts)`.
    func pair(_ index: Int) -> (SIMD2<Double>, SIMD2<Double>)
    /// Point `index` alone: `(real part, imaginary part)` (for transforms too small for vectors).
    func point(_ index: Int) -> (Double, Double)
    /// The whole forward transform of `n` points (n ≥ 16) from this source by ``AVX2Kernel``, whose
    /// first pass (in C) reads the layout itself: the arguments of
    /// ``StockhamKernel/transform(n:source:dr:di:work:twiddles:sourceIsApart:)``, with the AVX2 twiddles.
    func forwardAVX2(
        n: Int, dr: UnsafeMutablePointer<Double>, di: UnsafeMutablePointer<Double>, work: UnsafeMutablePointer<Double>,
        twiddles: UnsafePointer<Double>, sourceIsApart: Bool)
}
