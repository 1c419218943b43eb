import Foundation

// Usage: processing-bench [fft|pipeline|all]   (build with -c release)
let what = CommandLine.arguments.dropFirst().first ?? "all"
if what == "fft" || what == "all" {
    print("FFT, ns per transform (best of 7 trials), FFTW3 FFTW_MEASURE out-of-place")
    print("kind     n      ours(ns)   fftw(ns)   ours/fftw")
    for row in FFTBenchmark.run(sizes: [256, 512, 1024, 2048, 4096, 8192]) {
        print(String(format: "%-7@ %5d %10.0f %10.0f %8.2f", row.kind as NSString, row.n, row.oursNanoseconds, row.fftwNanoseconds, row.ratio))
    }
}
