import Foundation
import TestSupport
import Testing

@testable import Processing

@Suite(.tags(.python))
struct RealFFTTests {
    /// Sizes covering the power-of-two path (odd and even log₂), Bluestein (even and odd, primes) and
    /// the window sizes devices produce (250 Hz × 2 s = 500, 256 Hz × 4 s = 1024).
    static let sizes = [1, 2, 3, 4, 5, 7, 8, 16, 32, 97, 100, 128, 250, 256, 500, 512, 1000, 1024, 1250, 2048, 4096, 6000, 8192]

    @Test func matchesNumpyRfftOnRandomSignals() throws {
        var random = TestRandom(seed: 42)
        var inputs: [[Double]] = []
        for n in Self.sizes {
            inputs.append(random.signal(n, scale: 100))
        }
        let expected = try NumpyReference.realTransforms(inputs)
        for (i, n) in Self.sizes.enumerated() {
            var fft = RealFFT(size: n)
            let (re, im) = fft.forward(inputs[i])
            #expect(re.count == n / 2 + 1)
            let error = relativeError(re, im, expected[i][0], expected[i][1])
            #expect(error < 1e-12, "n = \(n): relative error \(error)")
        }
    }

    @Test func fixedSignalsGiveTheirTextbookSpectra() {
        // A unit impulse has a flat spectrum; a cosine at bin 3 puts n/2 into bin 3 only.
        let n = 500
        var fft = RealFFT(size: n)
        var impulse = [Double](repeating: 0, count: n)
        impulse[0] = 1
        let flat = fft.forward(impulse)
        #expect(flat.real.allSatisfy { abs($0 - 1) < 1e-15 } && flat.imaginary.allSatisfy { abs($0) < 1e-15 })
        let cosine = (0..<n).map { cos(2 * Double.pi * 3 * Double($0) / Double(n)) }
        let spectrum = fft.forward(cosine)
        for k in 0..<spectrum.real.count {
            let magnitude = hypot(spectrum.real[k], spectrum.imaginary[k])
            #expect(abs(magnitude - (k == 3 ? Double(n) / 2 : 0)) < 1e-10, "bin \(k)")
        }
    }

    @Test func aPlanGivesTheSameResultWhenReused() {
        var fft = RealFFT(size: 1000)
        var random = TestRandom(seed: 1)
        let a = random.signal(1000), b = random.signal(1000)
        let first = fft.forward(a)
        _ = fft.forward(b)
        let again = fft.forward(a)
        #expect(first.real == again.real && first.imaginary == again.imaginary)
    }
}
