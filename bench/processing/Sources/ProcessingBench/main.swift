import Foundation

// Usage: ProcessingBench [fft|pipeline|all]   (build with `swift build -c release`)
// The pipeline part runs scipy from the project's .venv (override with STUDY_RECORDER_PYTHON).
let what = CommandLine.arguments.dropFirst().first ?? "all"
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let repositoryRoot = packageRoot.deletingLastPathComponent().deletingLastPathComponent()
if what == "fft" || what == "all" {
    print("FFT, ns of thread CPU time per transform (best of 9 alternating trials of ≈0.05 s each), FFTW3 planned FFTW_MEASURE, both out of place")
    print("kind       n    ours(ns)   fftw(ns)  ours/fftw")
    for row in FFTBenchmark.run(sizes: [256, 512, 1024, 2048, 4096, 8192]) {
        print(String(format: "%@ %5d %10.0f %10.0f %9.2f", row.kind.padding(toLength: 7, withPad: " ", startingAt: 0) as NSString, row.n, row.oursNanoseconds, row.fftwNanoseconds, row.ratio))
    }
}
if what == "pipeline" || what == "all" || what == "core" {
    let python = ProcessInfo.processInfo.environment["STUDY_RECORDER_PYTHON"] ?? repositoryRoot.appendingPathComponent(".venv/bin/python").path
    try PipelineBenchmark.run(python: python, outputDirectory: repositoryRoot.appendingPathComponent("bench/out"), coreOnly: what == "core")
}
