import Foundation
import TestSupport
import Testing

/// Runs numpy/scipy from the project's .venv on signals written by Swift, the reference every
/// numerical test here compares against.
enum NumpyReference {
    /// Writes `values` as raw little-endian float64 to a new temporary file and returns its path;
    /// Python reads it with `numpy.fromfile(path)`.
    static func write(_ values: [Double], in directory: TemporaryDirectory, name: String = "signal.f64") throws -> String {
        let url = directory.path(name)
        let data = values.withUnsafeBufferPointer { Data(buffer: $0) }
        try data.write(to: url)
        return url.path
    }

    /// Runs `script` with `arguments` and decodes its JSON output.
    static func run<T: Decodable>(_ type: T.Type, _ script: String, _ arguments: [String]) throws -> T {
        try PythonTool.json(T.self, script: script, arguments: arguments)
    }

    /// numpy's fft and ifft of the complex signals `(re, im)`: per signal, [fft re, fft im, ifft re,
    /// ifft im].
    static func complexTransforms(_ inputs: [([Double], [Double])]) throws -> [[[Double]]] {
        let dir = try TemporaryDirectory("cfft")
        let path = try write(inputs.flatMap { $0.0 + $0.1 }, in: dir)
        let script = """
            import sys, json, numpy as np
            x = np.fromfile(sys.argv[1]); sizes = [int(s) for s in sys.argv[2].split(',')]
            out = []; o = 0
            for n in sizes:
                z = x[o:o+n] + 1j * x[o+n:o+2*n]; o += 2 * n
                F = np.fft.fft(z); I = np.fft.ifft(z)
                out.append([F.real.tolist(), F.imag.tolist(), I.real.tolist(), I.imag.tolist()])
            print(json.dumps(out))
            """
        let sizes = inputs.map { String($0.0.count) }.joined(separator: ",")
        return try run([[[Double]]].self, script, [path, sizes])
    }

    /// numpy's rfft of the real signals: per signal, [re, im] of the one-sided spectrum.
    static func realTransforms(_ inputs: [[Double]]) throws -> [[[Double]]] {
        let dir = try TemporaryDirectory("rfft")
        let path = try write(inputs.flatMap { $0 }, in: dir)
        let script = """
            import sys, json, numpy as np
            x = np.fromfile(sys.argv[1]); sizes = [int(s) for s in sys.argv[2].split(',')]
            out = []; o = 0
            for n in sizes:
                X = np.fft.rfft(x[o:o+n]); o += n
                out.append([X.real.tolist(), X.imag.tolist()])
            print(json.dumps(out))
            """
        let sizes = inputs.map { String($0.count) }.joined(separator: ",")
        return try run([[[Double]]].self, script, [path, sizes])
    }
}

/// A small seeded generator for test signals (SplitMix64), so every run sees the same data.
struct TestRandom {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    /// Uniform in [-1, 1).
    mutating func uniform() -> Double { Double(next() >> 11) * 0x1.0p-52 - 1 }
    /// Approximately normal (sum of 12 uniforms).
    mutating func normal() -> Double { (0..<12).reduce(0) { a, _ in a + (uniform() + 1) / 2 } - 6 }
    mutating func signal(_ n: Int, scale: Double = 1) -> [Double] { (0..<n).map { _ in scale * uniform() } }
}

/// The largest error of `actual` against `expected`, relative to the largest magnitude in `expected`
/// (the per-bin-versus-largest-bin measure the FFT's accuracy is specified in).
func relativeError(_ actualRe: [Double], _ actualIm: [Double], _ expectedRe: [Double], _ expectedIm: [Double]) -> Double {
    precondition(actualRe.count == expectedRe.count)
    var largest = 0.0, worst = 0.0
    for k in expectedRe.indices {
        largest = max(largest, (expectedRe[k] * expectedRe[k] + expectedIm[k] * expectedIm[k]).squareRoot())
        let dr = actualRe[k] - expectedRe[k], di = actualIm[k] - expectedIm[k]
        worst = max(worst, (dr * dr + di * di).squareRoot())
    }
    return largest == 0 ? worst : worst / largest
}

/// The largest absolute difference relative to the largest magnitude of `expected`.
func relativeError(_ actual: [Double], _ expected: [Double]) -> Double {
    relativeError(actual, [Double](repeating: 0, count: actual.count), expected, [Double](repeating: 0, count: expected.count))
}
