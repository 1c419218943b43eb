import Foundation
import TestSupport
import Testing

@testable import Processing

@Suite(.tags(.python))
struct LineNoiseEstimatorTests {
    static func signal(fs: Double, seconds: Double, hum: Double, humAmplitude: Double, seed: UInt64) -> [Double] {
        var random = TestRandom(seed: seed)
        return (0..<Int(fs * seconds)).map { i in
            let t = Double(i) / fs
            return 3 * random.normal() + 8 * sin(2 * .pi * 10 * t) + humAmplitude * sin(2 * .pi * hum * t + 0.3)
        }
    }

    /// The reference's formulas (mean removal, symmetric Hann, |X|·2/N, ln, inclusive ranges) written
    /// independently in numpy, on the last 4 s at each reading; 250 Hz so N = 1000 is not a power of 2.
    @Test(arguments: [(256.0, 50.0), (250.0, 60.0)])
    func matchesTheReferenceFormulasInNumpy(fs: Double, hum: Double) throws {
        let x = Self.signal(fs: fs, seconds: 7, hum: hum, humAmplitude: 6, seed: 5)
        var estimator = LineNoiseEstimator(channelCount: 1, samplingRate: fs, mains: .fixed(hum))
        var readings: [LineNoiseReading] = []
        for (i, v) in x.enumerated() {
            if let r = estimator.append([v], sampleIndex: Int64(i)) { readings.append(r) }
        }
        #expect(readings.count == 7)
        // No zero-filled warm-up: the first three readings are NaN with a reason.
        for r in readings.prefix(3) {
            #expect(r.quality[0].isNaN && r.invalidReasons[0]?.contains("warming up") == true)
        }
        let dir = try TemporaryDirectory("linenoise")
        let path = try NumpyReference.write(x, in: dir)
        let script = """
            import sys, json, math, numpy as np
            x = np.fromfile(sys.argv[1]); fs = float(sys.argv[2]); m = float(sys.argv[3]); N = int(round(4 * fs))
            out = []
            for end in range(N, len(x) + 1, int(round(fs))):
                w = x[end - N:end]; w = w - w.mean()
                w = w * (0.5 * (1 - np.cos(2 * np.pi * np.arange(N) / (N - 1))))
                a = np.abs(np.fft.fft(w)) * 2 / N; a[a == 0] = 1; xf = np.log(a)
                mean = lambda lo, hi: float(xf[int(math.floor(lo * N / fs)):int(math.ceil(hi * N / fs)) + 1].mean())
                noise = mean(m - 1, m + 1)
                out.append([noise, mean(8, 12), min(100.0, max(0.0, -50 * noise + 50))] + [mean(f, f + 1) for f in range(60)])
            print(json.dumps(out))
            """
        let expected = try NumpyReference.run([[Double]].self, script, [path, "\(fs)", "\(hum)"])
        let valid = Array(readings.dropFirst(3))
        #expect(valid.count == expected.count)
        for (r, e) in zip(valid, expected) {
            #expect(abs(r.noise[0] - e[0]) < 1e-9)
            #expect(abs(r.alpha[0] - e[1]) < 1e-9)
            #expect(abs(r.quality[0] - e[2]) < 1e-7)
            #expect(zip(r.spectrum[0], e[3...]).allSatisfy { abs($0 - $1) < 1e-9 })
            #expect(r.mainsFrequency == hum)
        }
    }

    @Test func detectsTheMainsFrequencyAndScoresHumAsBad() {
        for hum in [50.0, 60.0] {
            // The reference's mapping needs a strong hum (a floating electrode picks up about 1 mV):
            // a mean ln-amplitude of 1 over mains ± 1 Hz is 0 %.
            let noisy = Self.signal(fs: 256, seconds: 5, hum: hum, humAmplitude: 2000, seed: 1)
            let clean = Self.signal(fs: 256, seconds: 5, hum: hum, humAmplitude: 0.05, seed: 1)
            var estimator = LineNoiseEstimator(channelCount: 2, samplingRate: 256, mains: .detect)
            var last: LineNoiseReading?
            for i in noisy.indices { last = estimator.append([noisy[i], clean[i]], sampleIndex: Int64(i)) ?? last }
            #expect(last?.mainsFrequency == hum)
            #expect(last!.quality[0] < 30, "hum \(hum): \(last!.quality[0])")
            #expect(last!.quality[1] > 70, "clean \(hum): \(last!.quality[1])")
        }
    }
}
