import Foundation

// Usage: ProcessingBench [fft|pipeline|all]   (build with `swift build -c release`)
// The pipeline part runs scipy from the project's .venv (override with STUDY_RECORDER_PYTHON).
let what = CommandLine.arguments.dropFirst().first ?? "all"
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let repositoryRoot = packageRoot.deletingLastPathComponent().deletingLastPathComponent()
// What the figures depend on besides the code (compiler, flags, CPU, FFTW and its planner): a change of
// ratio is traced to its cause from these lines.
BuildConfiguration.describe(packageRoot: packageRoot).forEach { print($0) }
if what == "fft" || what == "all" {
    // Many short rounds of trials (ours, FFTW, kissfft, ours, …), the minimum of each: on the shared VM the
    // minimum of 400 trials of ≈1 ms caught quiet moments for both sides more reliably than 9 of
    // ≈50 ms (docs/performance.md). FFT_TRIALS / FFT_TRIAL_SECONDS override the procedure.
    let environment = ProcessInfo.processInfo.environment
    let trials = environment["FFT_TRIALS"].flatMap { Int($0) } ?? 400
    let target = environment["FFT_TRIAL_SECONDS"].flatMap { Double($0) } ?? 0.001
    print("FFT, ns of thread CPU time per transform (best of \(trials) rounds of ≈\(target) s per library: ours, FFTW, kissfft), FFTW3 planned \(BuildConfiguration.planner.name), kissfft (float), all out of place")
    print("kind       n    ours(ns)   fftw(ns)   kiss(ns)  ours/fftw  paired  ours/kiss  paired")
    let rows = FFTBenchmark.run(sizes: [256, 512, 1024, 2048, 4096, 8192], trials: trials, target: target)
    for row in rows {
        print(String(format: "%@ %5d %10.0f %10.0f %10.0f %9.2f %7.2f %9.2f %7.2f", row.kind.padding(toLength: 7, withPad: " ", startingAt: 0) as NSString, row.n,
                     row.oursNanoseconds, row.fftwNanoseconds, row.kissNanoseconds, row.ratio, row.pairedRatio, row.kissRatio, row.pairedKissRatio))
    }
    // For bench/run-all.sh: seconds per transform (the minima) and the paired median ratio ours / FFTW.
    for row in rows {
        print(String(format: "RESULT fft-%@-%d %.3e %.3e %.2f -", row.kind as NSString, row.n, row.oursNanoseconds * 1e-9, row.fftwNanoseconds * 1e-9, row.pairedRatio))
    }
}
if what == "pipeline" || what == "all" || what == "core" {
    let python = ProcessInfo.processInfo.environment["STUDY_RECORDER_PYTHON"] ?? repositoryRoot.appendingPathComponent(".venv/bin/python").path
    try PipelineBenchmark.run(python: python, outputDirectory: repositoryRoot.appendingPathComponent("bench/out"), coreOnly: what == "core")
}
