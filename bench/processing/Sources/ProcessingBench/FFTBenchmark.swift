import CFFTW
import Foundation
import Processing

/// The in-house FFT against FFTW3 (planned with FFTW_MEASURE, out of place, its fastest ordinary
/// use) for complex and real-input transforms of n = 256 … 8192.
enum FFTBenchmark {
    /// One size's result.
    struct Row: Codable {
        var n: Int
        var kind: String
        var oursNanoseconds: Double
        var fftwNanoseconds: Double
        /// The ratio of the two minima.
        var ratio: Double { oursNanoseconds / fftwNanoseconds }
        /// The median of the ratios within adjacent pairs of trials (see ``Timing/compareInPairs``).
        var pairedRatio: Double
    }

    static func run(sizes: [Int], trials: Int, target: Double) -> [Row] {
        var rows: [Row] = []
        var sink = 0.0
        for n in sizes {
            var random = SystemRandomNumberGenerator()
            let inRe = (0..<n).map { _ in Double.random(in: -1...1, using: &random) }
            let inIm = (0..<n).map { _ in Double.random(in: -1...1, using: &random) }

            // Complex: out of place, like FFTW's plan.
            var fft = ComplexFFT(size: n)
            var re = inRe, im = inIm
            let input = fftw_alloc_complex(n)!, output = fftw_alloc_complex(n)!
            let plan = fftw_plan_dft_1d(Int32(n), input, output, FFTW_FORWARD, FFTW_MEASURE)
            for k in 0..<n { input[k] = (inRe[k], inIm[k]) }
            let (ours, theirs, paired) = Timing.compareInPairs(trials: trials, target: target, {
                re.withUnsafeMutableBufferPointer { r in
                    im.withUnsafeMutableBufferPointer { i in
                        inRe.withUnsafeBufferPointer { xr in
                            inIm.withUnsafeBufferPointer { xi in
                                fft.forward(real: xr.baseAddress!, imaginary: xi.baseAddress!, outputReal: r.baseAddress!, outputImaginary: i.baseAddress!)
                            }
                        }
                    }
                }
            }, { fftw_execute(plan) })
            sink += re[1]
            sink += output[1].0
            fftw_destroy_plan(plan)
            fftw_free(input)
            fftw_free(output)
            rows.append(Row(n: n, kind: "complex", oursNanoseconds: ours * 1e9, fftwNanoseconds: theirs * 1e9, pairedRatio: paired))

            // Real input: n/2 + 1 bins out.
            var real = RealFFT(size: n)
            var outRe = [Double](repeating: 0, count: n / 2 + 1), outIm = outRe
            let rin = fftw_alloc_real(n)!, cout = fftw_alloc_complex(n / 2 + 1)!
            let rplan = fftw_plan_dft_r2c_1d(Int32(n), rin, cout, FFTW_MEASURE)
            for k in 0..<n { rin[k] = inRe[k] }
            let (oursReal, theirsReal, pairedReal) = Timing.compareInPairs(trials: trials, target: target, {
                inRe.withUnsafeBufferPointer { x in
                    outRe.withUnsafeMutableBufferPointer { r in
                        outIm.withUnsafeMutableBufferPointer { i in
                            real.forward(x.baseAddress!, real: r.baseAddress!, imaginary: i.baseAddress!)
                        }
                    }
                }
            }, { fftw_execute(rplan) })
            sink += outRe[1]
            sink += cout[1].0
            fftw_destroy_plan(rplan)
            fftw_free(rin)
            fftw_free(cout)
            rows.append(Row(n: n, kind: "real", oursNanoseconds: oursReal * 1e9, fftwNanoseconds: theirsReal * 1e9, pairedRatio: pairedReal))
        }
        if sink.isNaN { print("") }
        return rows
    }
}

