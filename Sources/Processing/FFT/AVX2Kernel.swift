import CVectorFFT

/// The power-of-two kernel on four-lane vectors with fused multiply-add (`Sources/CVectorFFT`), for
/// CPUs with AVX2 and FMA: the algorithm of ``StockhamKernel`` (radix-4 Stockham passes, a radix-8
/// last pass when log₂ n is odd, natural order in and out) with a plain split layout between
/// passes. On this project's Zen 5 host it takes 1.1–1.4× FFTW's time at complex 256…1024 where
/// the two-lane kernel takes 2.0–2.3×: the transform is bound by its additions, and four lanes
/// with the multiplications' additions fused halve them (docs/performance.md).
///
/// Written in C because Swift has no per-function target attribute: AVX2 in Swift would need the
/// whole module compiled for it, which SwiftPM refuses in a dependency and which would fault on
/// older CPUs. Only this file knows the C module; ``FFTKernel/preferred`` chooses it at run time.
enum AVX2Kernel {
    /// Whether this CPU and OS run AVX2 and FMA (asked once).
    static let isAvailable = vfft_avx2_available() != 0

    /// The twiddles of every pass of a size-`n` transform (n ≥ 16, a power of two), in the order the
    /// passes read them, from `table` (``TwiddleTable`` of n roots).
    static func twiddles(n: Int, table: TwiddleTable) -> [Double] {
        var out = [Double](repeating: 0, count: vfft_avx2_twiddle_count(n))
        table.real.withUnsafeBufferPointer { re in
            table.imaginary.withUnsafeBufferPointer { im in
                out.withUnsafeMutableBufferPointer { o in
                    vfft_avx2_twiddles(n, re.baseAddress!, im.baseAddress!, o.baseAddress!)
                }
            }
        }
        return out
    }

    /// Forward DFT of `n` points from the split arrays `(real, imaginary)` into `(dr, di)`, which may
    /// be the same memory unless `sourceIsApart`; `work` holds 4n doubles, `twiddles` is
    /// ``twiddles(n:table:)``. Only when ``isAvailable``.
    @inline(__always)
    static func forward(
        n: Int, real: UnsafePointer<Double>, imaginary: UnsafePointer<Double>, dr: UnsafeMutablePointer<Double>,
        di: UnsafeMutablePointer<Double>, work: UnsafeMutablePointer<Double>, twiddles: UnsafePointer<Double>, sourceIsApart: Bool
    ) {
        vfft_avx2_forward_split(n, real, imaginary, dr, di, work, twiddles, sourceIsApart ? 1 : 0)
    }

    /// ``forward(n:real:imaginary:dr:di:work:twiddles:sourceIsApart:)`` from `n` interleaved complex
    /// points, which must not overlap `(dr, di)`.
    @inline(__always)
    static func forward(
        n: Int, interleaved: UnsafePointer<Double>, dr: UnsafeMutablePointer<Double>, di: UnsafeMutablePointer<Double>,
        work: UnsafeMutablePointer<Double>, twiddles: UnsafePointer<Double>
    ) {
        vfft_avx2_forward_interleaved(n, interleaved, dr, di, work, twiddles)
    }
}
