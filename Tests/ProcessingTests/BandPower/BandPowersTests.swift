import DataSources
import Foundation
import TestSupport
import Testing

@testable import Processing

@Suite(.tags(.python))
struct BandPowersTests {
    /// eeg-methods.md §C.2's cross-check: 10·sin(2π·10t) + 5·sin(2π·20t), fs 256, 4 s, Welch 512/256;
    /// trapezoid band powers 8–13 = 50.000 and 13–30 = 12.500 µV², PSD at 10 Hz = 66.667 µV²/Hz.
    @Test func reproducesTheDocumentedCrossCheck() {
        let fs = 256.0
        let x = (0..<1024).map { i -> Double in
            let t = Double(i) / fs
            return 10 * sin(2 * .pi * 10 * t) + 5 * sin(2 * .pi * 20 * t)
        }
        var welch = WelchEstimator(parameters: WelchParameters(segmentLength: 512, overlap: 256), samplingRate: fs)
        let psd = welch.spectrum(x)
        #expect(abs(psd.density[20] - 66.666_666_666_666_67) < 1e-9)
        for rule in IntegrationRule.allCases {
            let method = BandPowerMethod(welch: welch.parameters, integration: rule)
            let powers = BandPowers(spectrum: psd, method: method)
            #expect(abs(powers.absolute[2] - 50) < 1e-9, "\(rule) alpha")
            #expect(abs(powers.absolute[3] - 12.5) < 1e-9, "\(rule) beta")
            #expect(abs(powers.absolute[0]) < 1e-9 && abs(powers.absolute[1]) < 1e-9 && abs(powers.absolute[4]) < 1e-9)
            #expect(abs(powers.relative[2] - 0.8) < 1e-12 && abs(powers.relative[3] - 0.2) < 1e-12)
        }
    }

    /// Both integration rules and both denominators against numpy on a random signal with a
    /// non-power-of-two segment (250 Hz × 2 s).
    @Test func matchesNumpyIntegrationOfScipyWelch() throws {
        let dir = try TemporaryDirectory("bandpower")
        var random = TestRandom(seed: 99)
        let fs = 250.0
        let x = (0..<5000).map { _ in 15 * random.normal() }
        let path = try NumpyReference.write(x, in: dir)
        let script = """
            import sys, json, numpy as np, scipy.signal as ss, scipy.integrate as si
            x = np.fromfile(sys.argv[1])
            f, p = ss.welch(x, 250.0, window='hann', nperseg=500, noverlap=250, detrend='constant', scaling='density')
            df = f[1] - f[0]
            bands = [(1,4),(4,8),(8,13),(13,30),(30,45)]
            rect = [float(p[(f >= lo) & (f < hi)].sum() * df) for lo, hi in bands]
            trap = [float(si.trapezoid(p[(f >= lo) & (f <= hi)], f[(f >= lo) & (f <= hi)])) for lo, hi in bands]
            rect_total = float(p[(f >= 1) & (f < 45)].sum() * df)
            trap_total = float(si.trapezoid(p[(f >= 1) & (f <= 45)], f[(f >= 1) & (f <= 45)]))
            print(json.dumps([rect, trap, [rect_total, trap_total]]))
            """
        let expected = try NumpyReference.run([[Double]].self, script, [path])
        var welch = WelchEstimator(parameters: .standard(samplingRate: fs), samplingRate: fs)
        let psd = welch.spectrum(x)
        for (i, rule) in [IntegrationRule.rectangleHalfOpen, .trapezoidClosed].enumerated() {
            let total = BandPowers(spectrum: psd, method: BandPowerMethod(welch: welch.parameters, integration: rule))
            let summed = BandPowers(
                spectrum: psd, method: BandPowerMethod(welch: welch.parameters, integration: rule, denominator: .sumOfBands))
            for b in 0..<5 {
                #expect(abs(total.absolute[b] - expected[i][b]) <= 1e-9 * expected[i][b], "\(rule) band \(b)")
                #expect(abs(total.relative[b] - expected[i][b] / expected[2][i]) <= 1e-9, "\(rule) relative \(b)")
                #expect(abs(summed.relative[b] - expected[i][b] / expected[i].reduce(0, +)) <= 1e-9)
            }
            #expect(abs(total.denominator - expected[2][i]) <= 1e-9 * expected[2][i])
        }
        // The half-open rule is additive: the bands sum to the 1–45 Hz total.
        let rect = BandPowers(spectrum: psd, method: BandPowerMethod(welch: welch.parameters))
        #expect(abs(rect.absolute.reduce(0, +) - rect.denominator) <= 1e-12 * rect.denominator)
    }

    /// The oscillator's MYND-mode sines (channel i at 10·i Hz, amplitude A stepping every 0.5 s by the
    /// reference's autopilot) give the band powers the amplitudes predict. With 0.5 s segments aligned
    /// to the amplitude steps, each segment sees one A, every sine sits on a bin centre, and the Hann
    /// window spreads A²/2 over three bins in the ratio 1/6 : 2/3 : 1/6.
    @Test func oscillatorSinesGiveTheirExpectedBandPowers() {
        let fs = 256.0, blocks = 40
        var generator = OscillatorGenerator(configuration: OscillatorConfiguration(mode: .mynd, samplingRate: fs))
        let frames = generator.next(blocks * 128)[0].rows
        // The autopilot by hand: 300, then +3 while rising, −10 while falling, turning at ≥100 / ≤1.
        var amplitudes = [300.0]
        var a = 300.0, rising = true
        for _ in 1..<blocks {
            a += rising ? 3 : -10
            if a >= 100 { rising = false }
            if a <= 1 { rising = true }
            amplitudes.append(a)
        }
        let meanPower = amplitudes.map { $0 * $0 / 2 }.reduce(0, +) / Double(blocks)
        let method = BandPowerMethod(welch: WelchParameters(segmentLength: 128, overlap: 0))
        var welch = WelchEstimator(parameters: method.welch, samplingRate: fs)
        var powers: [BandPowers] = []
        for channel in 0..<4 {
            let psd = welch.spectrum(frames.map { $0.values[channel] })
            #expect(psd.segmentCount == blocks)
            powers.append(BandPowers(spectrum: psd, method: method))
        }
        let tolerance = 1e-9 * meanPower
        // 10 Hz: bins 8, 10, 12 Hz, all alpha.
        #expect(abs(powers[0].absolute[2] - meanPower) < tolerance)
        #expect(abs(powers[0].relative[2] - 1) < 1e-9)
        // 20 Hz: beta.
        #expect(abs(powers[1].absolute[3] - meanPower) < tolerance)
        // 30 Hz: the 28 Hz bin (1/6) is beta, 30 and 32 Hz (5/6) gamma under the half-open rule.
        #expect(abs(powers[2].absolute[3] - meanPower / 6) < tolerance)
        #expect(abs(powers[2].absolute[4] - meanPower * 5 / 6) < tolerance)
        // 40 Hz: gamma.
        #expect(abs(powers[3].absolute[4] - meanPower) < tolerance)
        #expect(abs(powers[3].absolute[0]) < tolerance && abs(powers[3].absolute[2]) < tolerance)
    }
}
