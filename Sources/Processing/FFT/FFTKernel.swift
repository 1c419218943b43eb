import Foundation

/// Which implementation of the power-of-two kernel a ``PowerOfTwoPlan`` runs: the same radix-4
/// Stockham algorithm on two lanes in Swift, or on four lanes with fused multiply-add in C.
///
/// The product is compiled for the x86-64 baseline (SSE2) so that it runs on every machine; the
/// four-lane kernel is chosen at run time where the CPU has AVX2 and FMA, and the portable one
/// everywhere else, so both must give the same results (the tests run both wherever they can).
enum FFTKernel: Sendable, Equatable, CustomStringConvertible {
    /// ``StockhamKernel``: Swift on `SIMD2<Double>` (SSE2, NEON), on every machine.
    case portable
    /// ``AVX2Kernel``: C on four lanes with FMA, on x86-64 CPUs with AVX2 and FMA.
    case avx2

    /// The kernel plans use unless told otherwise: ``avx2`` where this machine can run it, else
    /// ``portable``. The environment variable `STUDY_RECORDER_FFT_KERNEL=portable` forces the portable
    /// kernel (to compare the two, or to rule the C kernel out when chasing a problem).
    static let preferred: FFTKernel = {
        if ProcessInfo.processInfo.environment["STUDY_RECORDER_FFT_KERNEL"] == "portable" { return .portable }
        return FFTKernel.avx2.isAvailable ? .avx2 : .portable
    }()

    /// Whether this machine can run the kernel.
    var isAvailable: Bool {
        switch self {
        case .portable: true
        case .avx2: AVX2Kernel.isAvailable
        }
    }

    /// `portable (SSE2/NEON, Swift)` or `avx2+fma (C, chosen at run time)`.
    var description: String {
        switch self {
        case .portable: "portable (two lanes, Swift)"
        case .avx2: "avx2+fma (four lanes, C, chosen at run time)"
        }
    }
}
