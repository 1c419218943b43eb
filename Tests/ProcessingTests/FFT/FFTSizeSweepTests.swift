import Foundation
import TestSupport
import Testing

@testable import Processing

/// Every code path of the power-of-two kernel against numpy: each power of two from 1 to 16384
/// (the scalar sizes 1–8, the first pass alone with a radix-4 or radix-8 last pass at 16 and 32, and
/// every number of middle passes above), complex and real, in place, out of place and from
/// unaligned memory; and Bluestein sizes around them.
@Suite(.tags(.python))
struct FFTSizeSweepTests {
    /// 2⁰ … 2¹⁴.
    static let powersOfTwo = (0...14).map { 1 << $0 }
    /// Bluestein sizes: small odd and even sizes, primes, and window lengths of real devices.
    static let otherSizes = [3, 5, 6, 7, 9, 12, 17, 31, 33, 63, 100, 127, 250, 255, 257, 500, 1000, 1250, 2500, 5000]

    /// The out-of-place forward transform reading from and writing to memory one double past an
    /// array's start (so never 16-byte aligned).
    private func forwardUnaligned(_ fft: inout ComplexFFT, _ re: [Double], _ im: [Double]) -> ([Double], [Double]) {
        let n = re.count
        var src = [Double](repeating: 0, count: 2 * n + 2), dst = [Double](repeating: .nan, count: 2 * n + 2)
        for k in 0..<n {
            src[1 + k] = re[k]
            src[n + 2 + k] = im[k]
        }
        src.withUnsafeBufferPointer { s in
            dst.withUnsafeMutableBufferPointer { d in
                let sp = s.baseAddress!, dp = d.baseAddress!
                fft.forward(real: sp + 1, imaginary: sp + n + 2, outputReal: dp + 1, outputImaginary: dp + n + 2)
            }
        }
        return (Array(dst[1...n]), Array(dst[(n + 2)...(2 * n + 1)]))
    }

    @Test(arguments: [powersOfTwo, otherSizes])
    func complexTransformsMatchNumpy(sizes: [Int]) throws {
        var random = TestRandom(seed: 11)
        let inputs = sizes.map { (random.signal($0, scale: 10), random.signal($0, scale: 10)) }
        let expected = try NumpyReference.complexTransforms(inputs)
        for (i, n) in sizes.enumerated() {
            var fft = ComplexFFT(size: n)
            let (re0, im0) = inputs[i]
            var re = re0, im = im0
            fft.forward(real: &re, imaginary: &im)
            let inPlace = relativeError(re, im, expected[i][0], expected[i][1])
            #expect(inPlace < 1e-12, "fft n = \(n) in place: \(inPlace)")
            let (ore, oim) = forwardUnaligned(&fft, re0, im0)
            #expect(ore == re && oim == im, "fft n = \(n): out of place (unaligned) differs from in place")
            re = re0
            im = im0
            fft.inverse(real: &re, imaginary: &im)
            let inverse = relativeError(re, im, expected[i][2], expected[i][3])
            #expect(inverse < 1e-12, "ifft n = \(n): \(inverse)")
        }
    }

    @Test(arguments: [powersOfTwo, otherSizes])
    func realTransformsMatchNumpy(sizes: [Int]) throws {
        var random = TestRandom(seed: 12)
        let inputs = sizes.map { random.signal($0, scale: 10) }
        let expected = try NumpyReference.realTransforms(inputs)
        for (i, n) in sizes.enumerated() {
            var fft = RealFFT(size: n)
            let (re, im) = fft.forward(inputs[i])
            let error = relativeError(re, im, expected[i][0], expected[i][1])
            #expect(error < 1e-12, "rfft n = \(n): \(error)")
            // Unaligned input and output.
            var src = [0] + inputs[i]
            var outRe = [Double](repeating: .nan, count: n / 2 + 2), outIm = outRe
            src.withUnsafeMutableBufferPointer { s in
                outRe.withUnsafeMutableBufferPointer { r in
                    outIm.withUnsafeMutableBufferPointer { m in
                        fft.forward(s.baseAddress! + 1, real: r.baseAddress! + 1, imaginary: m.baseAddress! + 1)
                    }
                }
            }
            #expect(Array(outRe.dropFirst()) == re && Array(outIm.dropFirst()) == im, "rfft n = \(n): unaligned differs")
        }
    }

    /// A transform is a pure function of its input: the second call on the same plan gives the same
    /// bits (the work buffers carry nothing over), for every pass structure.
    @Test func plansAreReusable() {
        var random = TestRandom(seed: 13)
        for n in Self.powersOfTwo + Self.otherSizes {
            var fft = ComplexFFT(size: n)
            let re0 = random.signal(n), im0 = random.signal(n)
            var a = (re0, im0), b = (random.signal(n), random.signal(n))
            fft.forward(real: &a.0, imaginary: &a.1)
            fft.forward(real: &b.0, imaginary: &b.1)
            var c = (re0, im0)
            fft.forward(real: &c.0, imaginary: &c.1)
            #expect(a.0 == c.0 && a.1 == c.1, "n = \(n)")
        }
    }
}
