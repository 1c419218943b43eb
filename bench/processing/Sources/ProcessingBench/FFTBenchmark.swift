import CFFTW
import CKissFFT
import Foundation
import Processing

/// The in-house FFT against FFTW3 (planned with FFTW_MEASURE, out of place, its fastest ordinary
/// use; `FFTW_PLANNER` changes the flag, ``BuildConfiguration/planner``) and kissfft (Debian's build, single precision: the FFT many EEG tools embed) for complex and
/// real-input transforms of n = 256 … 8192, the three timed in rounds (ours, FFTW, kissfft, …).
enum FFTBenchmark {
    /// One size's result.
    struct Row: Codable {
        var n: Int
        var kind: String
        var oursNanoseconds: Double
        var fftwNanoseconds: Double
        var kissNanoseconds: Double
        /// The ratio of the minima, ours / FFTW.
        var ratio: Double { oursNanoseconds / fftwNanoseconds }
        /// The ratio of the minima, ours / kissfft.
        var kissRatio: Double { oursNanoseconds / kissNanoseconds }
        /// The median of ours / FFTW within each round of trials (see ``Timing/compareInRounds``).
        var pairedRatio: Double
        /// The median of ours / kissfft within each round of trials.
        var pairedKissRatio: Double
    }

    static func run(sizes: [Int], trials: Int, target: Double) -> [Row] {
        var rows: [Row] = []
        var sink = 0.0
        for n in sizes {
            var random = SystemRandomNumberGenerator()
            let inRe = (0..<n).map { _ in Double.random(in: -1...1, using: &random) }
            let inIm = (0..<n).map { _ in Double.random(in: -1...1, using: &random) }

            // Complex: out of place, like FFTW's plan and kissfft's call.
            var fft = ComplexFFT(size: n)
            var re = inRe, im = inIm
            let input = fftw_alloc_complex(n)!, output = fftw_alloc_complex(n)!
            let plan = fftw_plan_dft_1d(Int32(n), input, output, FFTW_FORWARD, BuildConfiguration.planner.flag)
            for k in 0..<n { input[k] = (inRe[k], inIm[k]) }
            let kissConfig = kiss_fft_alloc(Int32(n), 0, nil, nil)
            var kissIn = (0..<n).map { kiss_fft_cpx(r: Float(inRe[$0]), i: Float(inIm[$0])) }
            var kissOut = [kiss_fft_cpx](repeating: kiss_fft_cpx(r: 0, i: 0), count: n)
            let complex = Timing.compareInRounds(trials: trials, target: target, [{
                re.withUnsafeMutableBufferPointer { r in
                    im.withUnsafeMutableBufferPointer { i in
                        inRe.withUnsafeBufferPointer { xr in
                            inIm.withUnsafeBufferPointer { xi in
                                fft.forward(real: xr.baseAddress!, imaginary: xi.baseAddress!, outputReal: r.baseAddress!, outputImaginary: i.baseAddress!)
                            }
                        }
                    }
                }
            }, { fftw_execute(plan) }, {
                kissIn.withUnsafeMutableBufferPointer { x in
                    kissOut.withUnsafeMutableBufferPointer { y in kiss_fft(kissConfig, x.baseAddress!, y.baseAddress!) }
                }
            }])
            sink += re[1]
            sink += output[1].0
            sink += Double(kissOut[1].r)
            fftw_destroy_plan(plan)
            fftw_free(input)
            fftw_free(output)
            free(UnsafeMutableRawPointer(kissConfig))  // kiss_fft_free is a macro for free()
            rows.append(Row(
                n: n, kind: "complex", oursNanoseconds: complex.best[0] * 1e9, fftwNanoseconds: complex.best[1] * 1e9,
                kissNanoseconds: complex.best[2] * 1e9, pairedRatio: complex.medianRatios[0], pairedKissRatio: complex.medianRatios[1]))

            // Real input: n/2 + 1 bins out.
            var real = RealFFT(size: n)
            var outRe = [Double](repeating: 0, count: n / 2 + 1), outIm = outRe
            let rin = fftw_alloc_real(n)!, cout = fftw_alloc_complex(n / 2 + 1)!
            let rplan = fftw_plan_dft_r2c_1d(Int32(n), rin, cout, BuildConfiguration.planner.flag)
            for k in 0..<n { rin[k] = inRe[k] }
            let kissReal = kiss_fftr_alloc(Int32(n), 0, nil, nil)
            let kissRealIn = inRe.map { Float($0) }
            var kissBins = [kiss_fft_cpx](repeating: kiss_fft_cpx(r: 0, i: 0), count: n / 2 + 1)
            let realResult = Timing.compareInRounds(trials: trials, target: target, [{
                inRe.withUnsafeBufferPointer { x in
                    outRe.withUnsafeMutableBufferPointer { r in
                        outIm.withUnsafeMutableBufferPointer { i in
                            real.forward(x.baseAddress!, real: r.baseAddress!, imaginary: i.baseAddress!)
                        }
                    }
                }
            }, { fftw_execute(rplan) }, {
                kissRealIn.withUnsafeBufferPointer { x in
                    kissBins.withUnsafeMutableBufferPointer { y in kiss_fftr(kissReal, x.baseAddress!, y.baseAddress!) }
                }
            }])
            sink += outRe[1]
            sink += cout[1].0
            sink += Double(kissBins[1].r)
            fftw_destroy_plan(rplan)
            fftw_free(rin)
            fftw_free(cout)
            free(UnsafeMutableRawPointer(kissReal))  // kiss_fftr_free is a macro for free()
            rows.append(Row(
                n: n, kind: "real", oursNanoseconds: realResult.best[0] * 1e9, fftwNanoseconds: realResult.best[1] * 1e9,
                kissNanoseconds: realResult.best[2] * 1e9, pairedRatio: realResult.medianRatios[0], pairedKissRatio: realResult.medianRatios[1]))
        }
        if sink.isNaN { print("") }
        return rows
    }
}
