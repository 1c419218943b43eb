import Foundation
import Testing

@testable import Processing

/// Both power-of-two kernels, the portable Swift one and the AVX2 + FMA one (where this CPU has
/// it), against a naive DFT at every power of two from 4 to 8192 (the scalar sizes, the first pass
/// with a radix-4 or radix-8 last pass at 16 and 32, every number of middle passes above, the
/// split radix-8 last pass at 8192) and through every entry that reaches them: in place, out of
/// place from unaligned memory, the real transform's interleaved first pass and Bluestein's
/// convolution. ``FFTSizeSweepTests`` checks the preferred kernel against numpy up to 16384.
@Suite
struct FFTKernelTests {
    /// Every kernel this machine can run.
    static let kernels: [FFTKernel] = FFTKernel.avx2.isAvailable ? [.portable, .avx2] : [.portable]
    /// 4 … 8192.
    static let powersOfTwo = (2...13).map { 1 << $0 }

    /// `X[k] = Σ x[j]·W^(jk)` term by term, with the roots from ``TwiddleTable`` (one rounding each).
    private static func naiveDFT(_ re: [Double], _ im: [Double]) -> ([Double], [Double]) {
        let n = re.count
        let roots = TwiddleTable(n: n, count: n)
        var outRe = [Double](repeating: 0, count: n), outIm = outRe
        for k in 0..<n {
            var sr = 0.0, si = 0.0
            var index = 0  // j·k mod n
            for j in 0..<n {
                let wr = roots.real[index], wi = roots.imaginary[index]
                sr += re[j] * wr - im[j] * wi
                si += re[j] * wi + im[j] * wr
                index += k
                if index >= n { index -= n }
            }
            outRe[k] = sr
            outIm[k] = si
        }
        return (outRe, outIm)
    }

    /// The kernel a transform of `n` points must report: the requested one from 16 points on (the
    /// scalar sizes below are the portable code's either way); Bluestein's convolution is ≥ 2n − 1.
    private static func expectedKernel(_ requested: FFTKernel, n: Int) -> FFTKernel {
        let inner = n & (n - 1) == 0 ? n : 1 << (Int.bitWidth - (2 * n - 2).leadingZeroBitCount)
        return inner >= 16 ? requested : .portable
    }

    @Test(arguments: kernels)
    func complexTransformsMatchANaiveDFT(kernel: FFTKernel) {
        for n in Self.powersOfTwo + [500, 1000] {
            var random = TestRandom(seed: UInt64(n) &* 31)
            let re0 = random.signal(n, scale: 10), im0 = random.signal(n, scale: 10)
            let (expectedRe, expectedIm) = Self.naiveDFT(re0, im0)
            var fft = ComplexFFT(size: n, kernel: kernel)
            #expect(fft.kernel == Self.expectedKernel(kernel, n: n), "n = \(n)")

            var re = re0, im = im0
            fft.forward(real: &re, imaginary: &im)
            let inPlace = relativeError(re, im, expectedRe, expectedIm)
            #expect(inPlace < 1e-12, "\(kernel) n = \(n) in place: \(inPlace)")

            // Out of place, input and output one double past an array's start (never 16-byte aligned).
            var source = [Double](repeating: 0, count: 2 * n + 2), destination = [Double](repeating: .nan, count: 2 * n + 2)
            for k in 0..<n {
                source[1 + k] = re0[k]
                source[n + 2 + k] = im0[k]
            }
            let sourceBefore = source
            source.withUnsafeBufferPointer { s in
                destination.withUnsafeMutableBufferPointer { d in
                    let sp = s.baseAddress!, dp = d.baseAddress!
                    fft.forward(real: sp + 1, imaginary: sp + n + 2, outputReal: dp + 1, outputImaginary: dp + n + 2)
                }
            }
            let outOfPlace = relativeError(
                Array(destination[1...n]), Array(destination[(n + 2)...(2 * n + 1)]), expectedRe, expectedIm)
            #expect(outOfPlace < 1e-12, "\(kernel) n = \(n) out of place: \(outOfPlace)")
            #expect(source == sourceBefore, "\(kernel) n = \(n): the out-of-place transform changed its input")

            fft.inverse(real: &re, imaginary: &im)
            #expect(relativeError(re, im, re0, im0) < 1e-13, "\(kernel) n = \(n): inverse")
        }
    }

    /// The real transform of n samples runs the complex transform of n/2 points from the samples as
    /// interleaved pairs: the AVX2 kernel's de-interleaving first pass from n = 32 on.
    @Test(arguments: kernels)
    func realTransformsMatchANaiveDFT(kernel: FFTKernel) {
        for n in Self.powersOfTwo + [1000] {
            var random = TestRandom(seed: UInt64(n) &* 17)
            let signal = random.signal(n, scale: 10)
            let (expectedRe, expectedIm) = Self.naiveDFT(signal, [Double](repeating: 0, count: n))
            var fft = RealFFT(size: n, kernel: kernel)
            let (re, im) = fft.forward(signal)
            let bins = n / 2 + 1
            let error = relativeError(re, im, Array(expectedRe[0..<bins]), Array(expectedIm[0..<bins]))
            #expect(error < 1e-12, "\(kernel) real n = \(n): \(error)")
        }
    }

    /// The two kernels give the same spectra to within rounding (they add in different orders and
    /// the AVX2 one fuses multiply-adds), so results do not depend on the machine beyond that.
    @Test(.enabled(if: FFTKernel.avx2.isAvailable))
    func theKernelsAgreeToWithinRounding() {
        for n in [16, 32, 256, 512, 1024, 2048, 4096, 8192, 16384] {
            var random = TestRandom(seed: UInt64(n))
            let re0 = random.signal(n), im0 = random.signal(n)
            var portable = ComplexFFT(size: n, kernel: .portable), avx2 = ComplexFFT(size: n, kernel: .avx2)
            var pr = re0, pi = im0, ar = re0, ai = im0
            portable.forward(real: &pr, imaginary: &pi)
            avx2.forward(real: &ar, imaginary: &ai)
            let difference = relativeError(ar, ai, pr, pi)
            #expect(difference < 1e-14, "n = \(n): \(difference)")
        }
    }

    /// AVX2 is offered exactly when the CPU reports both AVX2 and FMA (Linux, x86-64), and the
    /// preferred kernel is it unless the environment asks for the portable one.
    @Test func theAVX2KernelIsChosenExactlyWhenTheCPUHasIt() throws {
        #if arch(x86_64) && os(Linux)
        let cpuinfo = try String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)
        let flags = Set(cpuinfo.split(separator: "\n").first { $0.hasPrefix("flags") }?.split(separator: " ").map(String.init) ?? [])
        #expect(AVX2Kernel.isAvailable == (flags.contains("avx2") && flags.contains("fma")))
        #elseif !arch(x86_64)
        #expect(!AVX2Kernel.isAvailable)
        #endif
        let forced = ProcessInfo.processInfo.environment["STUDY_RECORDER_FFT_KERNEL"] == "portable"
        #expect(FFTKernel.preferred == (AVX2Kernel.isAvailable && !forced ? .avx2 : .portable))
        #expect(ComplexFFT(size: 1024).kernel == FFTKernel.preferred)
        #expect(ProcessingModule.fftKernel == FFTKernel.preferred.description)
    }
}
