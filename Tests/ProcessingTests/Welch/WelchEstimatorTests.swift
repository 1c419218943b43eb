import Foundation
import TestSupport
import Testing

@testable import Processing

@Suite(.tags(.python))
struct WelchEstimatorTests {
    struct Case: Sendable, CustomStringConvertible {
        var fs: Double, count: Int, nperseg: Int, noverlap: Int
        var description: String { "fs \(fs), n \(count), nperseg \(nperseg), noverlap \(noverlap)" }
    }

    /// Power-of-two and other segment lengths (250 Hz × 2 s = 500, odd 125), with and without overlap.
    static let cases = [
        Case(fs: 256, count: 3000, nperseg: 512, noverlap: 256),
        Case(fs: 250, count: 2600, nperseg: 500, noverlap: 250),
        Case(fs: 256, count: 1000, nperseg: 125, noverlap: 100),
        Case(fs: 250, count: 777, nperseg: 200, noverlap: 0),
        Case(fs: 256, count: 512, nperseg: 512, noverlap: 256),
    ]

    @Test(arguments: cases)
    func matchesScipyWelch(_ c: Case) throws {
        let dir = try TemporaryDirectory("welch")
        var random = TestRandom(seed: UInt64(c.count))
        // Random noise plus a DC offset and two sines, so detrending and peaks are both exercised.
        let x = (0..<c.count).map { i -> Double in
            let t = Double(i) / c.fs
            return 30 + 10 * random.normal() + 20 * sin(2 * .pi * 10 * t) + 5 * sin(2 * .pi * 50.3 * t)
        }
        let path = try NumpyReference.write(x, in: dir)
        let script = """
            import sys, json, numpy as np, scipy.signal as ss
            x = np.fromfile(sys.argv[1]); fs = float(sys.argv[2]); nper = int(sys.argv[3]); nov = int(sys.argv[4])
            f, p = ss.welch(x, fs, window='hann', nperseg=nper, noverlap=nov, detrend='constant', scaling='density')
            print(json.dumps([f.tolist(), p.tolist()]))
            """
        let expected = try NumpyReference.run(
            [[Double]].self, script, [path, "\(c.fs)", "\(c.nperseg)", "\(c.noverlap)"])
        var welch = WelchEstimator(parameters: WelchParameters(segmentLength: c.nperseg, overlap: c.noverlap), samplingRate: c.fs)
        let psd = welch.spectrum(x)
        #expect(psd.segmentCount == (c.count - c.noverlap) / (c.nperseg - c.noverlap))
        #expect(psd.frequencies.count == expected[0].count)
        #expect(relativeError(psd.frequencies, expected[0]) < 1e-14)
        let error = relativeError(psd.density, expected[1])
        #expect(error < 1e-9, "\(c): relative error \(error)")
        // Per bin too, where the reference is not tiny.
        let peak = expected[1].max() ?? 0
        for k in psd.density.indices where expected[1][k] > 1e-6 * peak {
            #expect(abs(psd.density[k] - expected[1][k]) <= 1e-9 * expected[1][k], "\(c) bin \(k)")
        }
    }

    @Test func tooShortASignalGivesNaNNotANumber() {
        var welch = WelchEstimator(parameters: WelchParameters(segmentLength: 512), samplingRate: 256)
        let psd = welch.spectrum([Double](repeating: 1, count: 300))
        #expect(psd.segmentCount == 0)
        #expect(psd.density.allSatisfy { $0.isNaN })
    }
}
