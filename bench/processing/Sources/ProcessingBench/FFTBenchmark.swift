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
        var ratio: Double { oursNanoseconds / fftwNanoseconds }
    }

    static func run(sizes: [Int]) -> [Row] {
        var rows: [Row] = []
        var sink = 0.0
        for n in sizes {
            var random = SystemRandomNumberGenerator()
            let inRe = (0..<n).map { _ in Double.random(in: -1...1, using: &random) }
            let inIm = (0..<n).map { _ in Double.random(in: -1...1, using: &random) }

            // Complex: ours copies the input into its buffer then transforms in place.
            var fft = ComplexFFT(size: n)
            var re = inRe, im = inIm
            let ours = Timing.secondsPerCall {
                re.withUnsafeMutableBufferPointer { r in
                    im.withUnsafeMutableBufferPointer { i in
                        inRe.withUnsafeBufferPointer { r.baseAddress!.update(from: $0.baseAddress!, count: n) }
                        inIm.withUnsafeBufferPointer { i.baseAddress!.update(from: $0.baseAddress!, count: n) }
                        fft.forward(real: r.baseAddress!, imaginary: i.baseAddress!)
                    }
                }
            }
            sink += re[1]
            let input = fftw_alloc_complex(n)!, output = fftw_alloc_complex(n)!
            let plan = fftw_plan_dft_1d(Int32(n), input, output, FFTW_FORWARD, FFTW_MEASURE)
            for k in 0..<n { input[k] = (inRe[k], inIm[k]) }
            let theirs = Timing.secondsPerCall { fftw_execute(plan) }
            sink += output[1].0
            fftw_destroy_plan(plan)
            fftw_free(input)
            fftw_free(output)
            rows.append(Row(n: n, kind: "complex", oursNanoseconds: ours * 1e9, fftwNanoseconds: theirs * 1e9))

            // Real input: n/2 + 1 bins out.
            var real = RealFFT(size: n)
            var outRe = [Double](repeating: 0, count: n / 2 + 1), outIm = outRe
            let oursReal = Timing.secondsPerCall {
                inRe.withUnsafeBufferPointer { x in
                    outRe.withUnsafeMutableBufferPointer { r in
                        outIm.withUnsafeMutableBufferPointer { i in
                            real.forward(x.baseAddress!, real: r.baseAddress!, imaginary: i.baseAddress!)
                        }
                    }
                }
            }
            sink += outRe[1]
            let rin = fftw_alloc_real(n)!, cout = fftw_alloc_complex(n / 2 + 1)!
            let rplan = fftw_plan_dft_r2c_1d(Int32(n), rin, cout, FFTW_MEASURE)
            for k in 0..<n { rin[k] = inRe[k] }
            let theirsReal = Timing.secondsPerCall { fftw_execute(rplan) }
            sink += cout[1].0
            fftw_destroy_plan(rplan)
            fftw_free(rin)
            fftw_free(cout)
            rows.append(Row(n: n, kind: "real", oursNanoseconds: oursReal * 1e9, fftwNanoseconds: theirsReal * 1e9))
        }
        if sink.isNaN { print("") }
        return rows
    }
}

