import CFFTW
import Foundation
import Processing

/// What the figures depend on besides the code, printed at the top of every run so that a change of
/// ratio can be traced to its cause: the compiler and the flags the Processing module was really
/// compiled with (read from SwiftPM's build description), the CPU and its vector extensions, FFTW's
/// version and planner flag and the codelets its plans use (which SIMD width it runs), the CPUs the
/// process may run on and the load.
enum BuildConfiguration {
    /// The FFTW planner flag the benchmark plans with: `FFTW_PLANNER=estimate|measure|patient`
    /// (default `measure`, FFTW's fastest ordinary use).
    static let planner: (flag: UInt32, name: String) = {
        switch ProcessInfo.processInfo.environment["FFTW_PLANNER"]?.lowercased() {
        case "estimate": (UInt32(FFTW_ESTIMATE), "FFTW_ESTIMATE")
        case "patient": (UInt32(FFTW_PATIENT), "FFTW_PATIENT")
        default: (UInt32(FFTW_MEASURE), "FFTW_MEASURE")
        }
    }()

    /// The lines to print, each starting with `build:`.
    static func describe(packageRoot: URL) -> [String] {
        var lines: [String] = []
        let (compiler, flags) = processingCompile(packageRoot: packageRoot)
        lines.append("build: compiler \(compiler.map(version(of:)) ?? "unknown")")
        lines.append("build: Processing compiled with \(flags.isEmpty ? "unknown flags" : flags.joined(separator: " "))")
        #if DEBUG
        lines.append("build: benchmark module in a DEBUG build: figures are not comparable")
        #endif
        lines.append("build: CPU \(cpu())")
        lines.append("build: in-house FFT kernel \(ProcessingModule.fftKernel)")
        let kernelFlags = cKernelCompile(packageRoot: packageRoot).joined(separator: " ")
        lines.append("build: CVectorFFT (the AVX2 kernel) compiled with \(kernelFlags.isEmpty ? "unknown flags" : kernelFlags)")
        lines.append("build: \(String(cString: fftw_version_text())), planner \(planner.name), complex 256 plan uses \(codelets(n: 256))")
        lines.append("build: CPUs allowed \(allowedCPUs()); load average \(loadAverage())")
        return lines
    }

    /// The compiler and the optimisation-relevant flags of the Processing module's compile job in
    /// `.build/release.yaml` (the description SwiftPM ran).
    private static func processingCompile(packageRoot: URL) -> (compiler: String?, flags: [String]) {
        let yaml = packageRoot.appendingPathComponent(".build/release.yaml")
        guard let text = try? String(contentsOf: yaml, encoding: .utf8),
            let start = text.range(of: "C.Processing-"),
            let args = text[start.upperBound...].range(of: "args: [")
        else { return (nil, []) }
        let list = text[args.upperBound...].prefix { $0 != "]" }
        let arguments = list.split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\" ")) }
        let relevant = arguments.enumerated().filter { index, argument in
            argument.hasPrefix("-O") || argument.hasPrefix("-enable-") || argument.hasPrefix("-disable-")
                || argument.contains("module-optimization") || argument == "-g" || argument.hasPrefix("-target-cpu")
                || argument.hasPrefix("-static") || (index > 0 && arguments[index - 1] == "-Xcc")
        }.map(\.element)
        var seen = Set<String>()
        return (
            arguments.first,
            relevant.filter { $0 != "-enable-upcoming-feature" && $0 != "-I" && !$0.contains("/") && seen.insert($0).inserted }
        )
    }

    /// The optimisation-relevant flags clang compiled the C kernel with (its job in `.build/release.yaml`):
    /// the AVX2 instructions come from the functions' target attributes, not from these.
    private static func cKernelCompile(packageRoot: URL) -> [String] {
        let yaml = packageRoot.appendingPathComponent(".build/release.yaml")
        guard let text = try? String(contentsOf: yaml, encoding: .utf8),
            let start = text.range(of: "CVectorFFT.build/AVX2Kernel.c.o\":"),
            let args = text[start.upperBound...].range(of: "args: [")
        else { return [] }
        let list = text[args.upperBound...].prefix { $0 != "]" }
        let arguments = list.split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\" ")) }
        return arguments.filter { ($0.hasPrefix("-O") || $0.hasPrefix("-m") || $0.hasPrefix("-f") || $0 == "-g") && !$0.contains("/") }
    }

    private static func version(of compiler: String) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: compiler)
        process.arguments = ["--version"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return compiler }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let first = String(decoding: data, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
        return first.isEmpty ? compiler : "\(first) (\(compiler))"
    }

    /// The model name and the vector extensions the CPU reports.
    private static func cpu() -> String {
        guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return "unknown" }
        let lines = text.split(separator: "\n")
        let model = lines.first { $0.hasPrefix("model name") }.map { $0.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "" }
        let flags = Set(lines.first { $0.hasPrefix("flags") }?.split(separator: " ").map(String.init) ?? [])
        let simd = ["sse2", "avx", "avx2", "fma", "avx512f"].filter(flags.contains)
        return "\(model ?? "unknown"), \(simd.joined(separator: " "))"
    }

    /// The names of the codelets FFTW's plan of a complex transform of size `n` uses (`…_avx`,
    /// `…_sse2`, `…_avx512`: the SIMD width FFTW runs).
    private static func codelets(n: Int) -> String {
        let input = fftw_alloc_complex(n), output = fftw_alloc_complex(n)
        defer {
            fftw_free(input)
            fftw_free(output)
        }
        guard let plan = fftw_plan_dft_1d(Int32(n), input, output, FFTW_FORWARD, planner.flag) else { return "no plan" }
        defer { fftw_destroy_plan(plan) }
        guard let text = fftw_sprint_plan(plan) else { return "unknown" }
        defer { free(text) }
        let description = String(cString: text)
        var names: [String] = []
        var rest = Substring(description)
        while let open = rest.firstIndex(of: "\"") {
            let after = rest[rest.index(after: open)...]
            guard let close = after.firstIndex(of: "\"") else { break }
            names.append(String(after[..<close]))
            rest = after[after.index(after: close)...]
        }
        return names.isEmpty ? description : names.joined(separator: ", ")
    }

    private static func allowedCPUs() -> String {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let list = status.split(separator: "\n").first { $0.hasPrefix("Cpus_allowed_list:") }?.split(separator: ":").last
        return "\(list.map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown") of \(ProcessInfo.processInfo.processorCount)"
    }

    private static func loadAverage() -> String {
        (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)).map { $0.split(separator: " ").prefix(3).joined(separator: " ") } ?? "unknown"
    }
}
