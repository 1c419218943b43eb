import Foundation
import TestSupport
import Testing

@testable import Processing

@Suite(.tags(.python))
struct ComplexFFTTests {
    static let sizes = [1, 2, 3, 4, 6, 8, 15, 64, 125, 256, 500, 512, 1000, 1024, 3000, 4096, 8192]

    @Test func forwardAndInverseMatchNumpy() throws {
        var random = TestRandom(seed: 7)
        var inputs: [([Double], [Double])] = []
        for n in Self.sizes {
            let re = random.signal(n, scale: 50), im = random.signal(n, scale: 50)
            inputs.append((re, im))
        }
        let expected = try NumpyReference.complexTransforms(inputs)
        for (i, n) in Self.sizes.enumerated() {
            var fft = ComplexFFT(size: n)
            #expect(fft.isPowerOfTwo == (n & (n - 1) == 0))
            var re = inputs[i].0, im = inputs[i].1
            fft.forward(real: &re, imaginary: &im)
            let forwardError = relativeError(re, im, expected[i][0], expected[i][1])
            #expect(forwardError < 1e-12, "fft n = \(n): \(forwardError)")
            re = inputs[i].0
            im = inputs[i].1
            fft.inverse(real: &re, imaginary: &im)
            let inverseError = relativeError(re, im, expected[i][2], expected[i][3])
            #expect(inverseError < 1e-12, "ifft n = \(n): \(inverseError)")
        }
    }

    @Test func inverseUndoesForward() {
        var fft = ComplexFFT(size: 768)
        var random = TestRandom(seed: 3)
        let re0 = random.signal(768), im0 = random.signal(768)
        var re = re0, im = im0
        fft.forward(real: &re, imaginary: &im)
        fft.inverse(real: &re, imaginary: &im)
        #expect(relativeError(re, im, re0, im0) < 1e-13)
    }

    /// The out-of-place transform gives the in-place result and leaves its input alone, for
    /// power-of-two sizes (odd and even pass counts) and Bluestein sizes.
    @Test(arguments: [8, 16, 32, 512, 1024, 2048, 500, 7])
    func outOfPlaceMatchesInPlace(n: Int) {
        var random = TestRandom(seed: UInt64(n))
        let re0 = random.signal(n), im0 = random.signal(n)
        var fft = ComplexFFT(size: n)
        var re = re0, im = im0
        fft.forward(real: &re, imaginary: &im)
        var outRe = [Double](repeating: 0, count: n), outIm = outRe
        re0.withUnsafeBufferPointer { xr in
            im0.withUnsafeBufferPointer { xi in
                outRe.withUnsafeMutableBufferPointer { r in
                    outIm.withUnsafeMutableBufferPointer { i in
                        fft.forward(real: xr.baseAddress!, imaginary: xi.baseAddress!, outputReal: r.baseAddress!, outputImaginary: i.baseAddress!)
                    }
                }
            }
        }
        #expect(outRe == re && outIm == im)
    }
}
