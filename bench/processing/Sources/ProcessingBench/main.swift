import Foundation

// Usage: ProcessingBench [fft|pipeline|all]   (build with `swift build -c release`)
// The pipeline part runs scipy from the project's .venv (override with STUDY_RECORDER_PYTHON).
let what = CommandLine.arguments.dropFirst().first ?? "all"
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let repositoryRoot = packageRoot.deletingLastPathComponent().deletingLastPathComponent()
if what == "fft" || what == "all" {
    // Many short rounds of trials (ours, FFTW, kissfft, ours, …), the minimum of each: on the shared VM the
    // minimum of 400 trials of ≈1 ms caught quiet moments for both sides more reliably than 9 of
    // ≈50 ms (docs/performance.md). FFT_TRIALS / FFT_TRIAL_SECONDS override the procedure.
    let environment = ProcessInfo.processInfo.environment
    let trials = environment["FFT_TRIALS"].flatMap { Int($0) } ?? 400
    let target = environment["FFT_TRIAL_SECONDS"].flatMap { Double($0) } ?? 0.001
    print("FFT, ns of thread CPU time per transform (best of \(trials) rounds of ≈\(target) s per library: ours, FFTW, kissfft), FFTW3 planned FFTW_MEASURE, kissfft (float), all out of place")
    print("kind       n    ours(ns)   fftw(ns)   kiss(ns)  ours/fftw  paired  ours/kiss  paired")
    for row in FFTBenchmark.run(sizes: [256, 512, 1024, 2048, 4096, 8192], trials: trials, target: target) {
        print(String(format: "%@ %5d %10.0f %10.0f %10.0f %9.2f %7.2f %9.2f %7.2f", row.kind.padding(toLength: 7, withPad: " ", startingAt: 0) as NSString, row.n,
                     row.oursNanoseconds, row.fftwNanoseconds, row.kissNanoseconds, row.ratio, row.pairedRatio, row.kissRatio, row.pairedKissRatio))
    }
}
if what == "pipeline" || what == "all" || what == "core" {
    let python = ProcessInfo.processInfo.environment["STUDY_RECORDER_PYTHON"] ?? repositoryRoot.appendingPathComponent(".venv/bin/python").path
    try PipelineBenchmark.run(python: python, outputDirectory: repositoryRoot.appendingPathComponent("bench/out"), coreOnly: what == "core")
}
