import Foundation
import TestSupport
import Testing

@testable import Processing

/// The heart-rate analysis against neurokit2: its simulated PPG (`nk.ppg_simulate`, 64 Hz, 60 s)
/// at several heart rates and noise levels. The reference beats are neurokit2's own (`ppg_clean`
/// and `ppg_findpeaks`, Elgendi) on the noise-free twin of each signal (the same pulses: neurokit2
/// draws the noise from its own generator); our beats are found on the noisy signal, fed as a
/// sensor's light (inverted, in counts). A reference beat is matched by one of ours within 100 ms;
/// the heart-rate error is that of each accepted interval against the reference interval it lies in.
/// neurokit2's own detector on the noisy signal is scored the same way, for comparison. The figures
/// are in docs/processing.md ("Heart rate").
@Suite(.tags(.python))
struct HeartRateValidationTests {
    struct Case: Decodable {
        var name: String; var heart_rate: Double; var noise: String; var signal: [Double]; var reference: [Double]; var nk_noisy: [Double]
    }

    static let simulate = """
        import json, warnings, numpy as np, neurokit2 as nk
        warnings.simplefilter('ignore')
        fs = 64
        noise = {'low': dict(drift=0, motion_amplitude=0.1, powerline_amplitude=0.01),
                 'moderate': dict(drift=0.5, motion_amplitude=0.3, powerline_amplitude=0.05),
                 'high': dict(drift=1, motion_amplitude=0.6, powerline_amplitude=0.1, burst_number=3, burst_amplitude=0.5)}
        out = []
        for hr in [50, 70, 90, 120]:
            for level, kw in noise.items():
                seed = int(hr * 10 + len(level))
                clean = nk.ppg_simulate(duration=60, sampling_rate=fs, heart_rate=hr, drift=0, motion_amplitude=0, powerline_amplitude=0, burst_number=0, random_state=seed)
                x = nk.ppg_simulate(duration=60, sampling_rate=fs, heart_rate=hr, random_state=seed, **kw)
                ref = nk.ppg_findpeaks(nk.ppg_clean(clean, sampling_rate=fs), sampling_rate=fs)['PPG_Peaks'] / fs
                own = nk.ppg_findpeaks(nk.ppg_clean(x, sampling_rate=fs), sampling_rate=fs)['PPG_Peaks'] / fs
                out.append({'name': f'{hr} bpm, {level} noise', 'heart_rate': hr, 'noise': level, 'signal': [float(v) for v in x],
                            'reference': [float(t) for t in ref], 'nk_noisy': [float(t) for t in own]})
        print(json.dumps(out))
        """

    /// Matched share and median absolute heart-rate error of `beats` (with their accepted intervals)
    /// against `reference`, over the reference beats 2 s or more from either end.
    static func score(beats: [(time: Double, interval: Double, accepted: Bool)], reference: [Double], duration: Double) -> (matched: Double, mae: Double, beats: Int) {
        let inside = reference.filter { $0 >= 2 && $0 <= duration - 2 }
        let matched = inside.filter { r in beats.contains { abs($0.time - r) <= 0.1 } }.count
        var errors: [Double] = []
        for b in beats where b.accepted {
            guard let k = reference.firstIndex(where: { $0 >= b.time - 0.1 }), k > 0, k < reference.count else { continue }
            errors.append(abs(60 / b.interval - 60 / (reference[k] - reference[k - 1])))
        }
        errors.sort()
        return (Double(matched) / Double(max(1, inside.count)), errors.isEmpty ? .nan : errors[errors.count / 2], inside.count)
    }

    @Test func beatsAndHeartRateMatchNeurokit2OnItsSimulatedPPG() throws {
        let cases = try PythonTool.json([Case].self, script: Self.simulate)
        #expect(cases.count == 12)
        var lines: [String] = []
        for c in cases {
            let times = c.signal.indices.map { Double($0) / 64 }
            // A sensor's light: more blood, less light; counts around 500 000.
            let counts = c.signal.map { 500_000 - 10_000 * $0 }
            let analysis = HeartRateAnalyzer(bits: 24).analyze(times: times, values: counts, labels: ["infrared"], rate: 64)
            let ours = Self.score(beats: analysis.beats.map { ($0.time, $0.interval, $0.accepted) }, reference: c.reference, duration: 60)
            let nkBeats = c.nk_noisy.enumerated().map { (k, t) in (time: t, interval: k == 0 ? Double.nan : t - c.nk_noisy[k - 1], accepted: k > 0) }
            let theirs = Self.score(beats: nkBeats, reference: c.reference, duration: 60)
            lines.append(
                String(
                    format: "| %@ | %d | %.1f %% | %.2f | %.1f %% | %.2f |", c.name, ours.beats, ours.matched * 100, ours.mae, theirs.matched * 100, theirs.mae))
            if c.noise != "high" {
                #expect(ours.matched >= 0.95, "\(c.name): \(ours.matched) of the reference beats matched")
                #expect(ours.mae <= 2, "\(c.name): median absolute error \(ours.mae) bpm")
            }
            #expect(analysis.chosen == 0 && analysis.windows.allSatisfy { $0.conditions == [.varying] })
        }
        print("| case | reference beats | matched (ours) | median abs. error, bpm (ours) | matched (neurokit2 on the noisy signal) | median abs. error (neurokit2) |")
        print(lines.joined(separator: "\n"))
    }

    /// A flat channel and a saturated one are said so, get no quality index and are not chosen.
    @Test func flatAndSaturatedOpticsAreDetected() {
        let rate = 64.0
        let n = Int(rate * 30)
        let times = (0..<n).map { Double($0) / rate }
        var values: [Double] = []
        for i in 0..<n {
            let pulse = 300_000 - 2_000 * sin(2 * .pi * 1.25 * times[i])
            // LI_730 pulses; LI_850 flat; RI_730 saturated at the 20-bit top code; RI_850 pulses with ambient.
            values += [pulse, 412_345, Double((1 << 20) - 1), pulse + 1000]
        }
        let analysis = HeartRateAnalyzer(bits: 20).analyze(times: times, values: values, labels: ["LI_730", "LI_850", "RI_730", "RI_850"], rate: rate)
        #expect(analysis.windows.allSatisfy { $0.conditions == [.varying, .flat, .saturated, .varying] })
        #expect(analysis.windows.allSatisfy { $0.quality[1].isNaN && $0.quality[2].isNaN && $0.quality[0] > 0.9 })
        #expect(analysis.badChannels.map(\.label) == ["LI_850", "RI_730"])
        #expect(analysis.chosen == 0)
        #expect(abs((analysis.meanHeartRate ?? 0) - 75) < 0.5, "\(analysis.meanHeartRate ?? 0) bpm")
        #expect(analysis.rmssd != nil && (analysis.rmssd ?? 99) < 5)
    }

    /// The ambient channel of the chosen channel's position is subtracted: a pulse hidden under a
    /// large ambient flicker shared by both channels of the position is found.
    @Test func ambientLightIsSubtracted() {
        let rate = 64.0
        let n = Int(rate * 30)
        var values: [Double] = []
        for i in 0..<n {
            let t = Double(i) / rate
            let flicker = 50_000 * sin(2 * .pi * 0.9 * t) + 30_000 * sin(2 * .pi * 2.1 * t)
            values += [400_000 - 1_000 * sin(2 * .pi * 1.5 * t) + flicker, 100_000 + flicker]
        }
        let analysis = HeartRateAnalyzer(bits: 20).analyze(
            times: (0..<n).map { Double($0) / rate }, values: values, labels: ["LO_730", "LO_AMB"], rate: rate)
        #expect(analysis.chosen == 0 && analysis.ambient == 1)
        #expect(abs((analysis.meanHeartRate ?? 0) - 90) < 0.5, "\(analysis.meanHeartRate ?? 0) bpm")
    }

    /// Lost rows split the wave: no interval spans them, and the beats keep their times.
    @Test func lostRowsBreakTheIntervals() {
        let rate = 64.0
        let n = Int(rate * 40)
        let values = (0..<n).map { i -> Double in
            (1280..<1344).contains(i) ? .nan : 300_000 - 2_000 * sin(2 * .pi * 1.0 * Double(i) / rate)
        }
        let analysis = HeartRateAnalyzer(bits: 20).analyze(times: (0..<n).map { Double($0) / rate }, values: values, labels: ["LI_730"], rate: rate)
        let afterGap = analysis.beats.first { $0.time > 21 }
        #expect(afterGap?.interval.isNaN == true, "the first beat after the lost second has no interval")
        #expect(analysis.beats.filter { $0.interval.isNaN }.count == 2)
        #expect(analysis.heartRate.allSatisfy { abs($0.bpm - 60) < 1 })
    }
}
