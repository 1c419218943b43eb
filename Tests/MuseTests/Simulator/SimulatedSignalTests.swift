import Foundation
import Testing

@testable import Muse

/// The simulated headband's EEG looks like a head: a 1/f background, alpha at the back of the head
/// that rises when the eyes close, blinks at the front, amplitudes of resting EEG. (A pure sine per
/// channel had none of this.)
struct SimulatedSignalTests {
    /// Power of `x` at `frequency` Hz (a single DFT bin over the whole stretch, Hann-windowed).
    static func power(_ x: [Double], at frequency: Double, rate: Double = 256) -> Double {
        var re = 0.0, im = 0.0
        let n = Double(x.count)
        for (i, v) in x.enumerated() {
            let w = 0.5 - 0.5 * cos(2 * .pi * Double(i) / n)
            let phase = 2 * .pi * frequency * Double(i) / rate
            re += w * v * cos(phase)
            im -= w * v * sin(phase)
        }
        return (re * re + im * im) / n
    }

    static func microvolts(_ signal: SimulatedSignal, channel: Int, _ range: Range<Int64>) -> [Double] {
        range.map { (Double(signal.eegCode(channel: channel, sampleIndex: $0)) - 2048) * 0.48828125 }
    }

    /// Average power over a band: every DFT bin of the stretch in it (the background is noise, so
    /// a few sampled bins would scatter by their own χ² spread).
    static func band(_ x: [Double], _ low: Double, _ high: Double) -> Double {
        let steps = stride(from: low, through: high, by: 256 / Double(x.count)).map { power(x, at: $0) }
        return steps.reduce(0, +) / Double(steps.count)
    }

    @Test func alphaRisesWithTheEyesClosedOverA1OverFBackground() {
        let closed: Range<Int64> = 20 * 256..<40 * 256
        let signal = SimulatedSignal(seed: 3, eyesClosed: [closed])
        let open = Self.microvolts(signal, channel: 0, 0..<20 * 256)
        let shut = Self.microvolts(signal, channel: 0, closed)
        // Alpha at TP9 at least 4× stronger with the eyes closed (2.5² = 6.25 in amplitude terms).
        #expect(Self.band(shut, 8.5, 11.5) > 4 * Self.band(open, 8.5, 11.5))
        // An alpha peak over the background with eyes open too.
        #expect(Self.band(open, 8.5, 11.5) > 3 * Self.band(open, 14, 17))
        // 1/f: low frequencies carry more power than high ones.
        #expect(Self.band(open, 2, 4) > 3 * Self.band(open, 30, 40))
        // Resting-EEG amplitude: a few to 20 µV standard deviation.
        let mean = open.reduce(0, +) / Double(open.count)
        let sd = (open.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(open.count)).squareRoot()
        #expect(sd > 3 && sd < 18, "SD \(sd) µV")
    }

    @Test func blinksAppearAtTheFrontWhileTheEyesAreOpen() {
        let signal = SimulatedSignal(seed: 5, eyesClosed: [30 * 256..<60 * 256])
        func peaks(_ channel: Int, _ range: Range<Int64>) -> Double {
            Self.microvolts(signal, channel: channel, range).map(abs).max() ?? 0
        }
        // Over 28 s of open eyes: blinks (≥ 45 µV) on AF7 and AF8, none at TP9/TP10.
        #expect(peaks(1, 0..<28 * 256) > 45 && peaks(2, 0..<28 * 256) > 45)
        #expect(peaks(0, 0..<28 * 256) < 40 && peaks(3, 0..<28 * 256) < 40)
        // No blinks with the eyes closed.
        #expect(peaks(1, 30 * 256..<60 * 256) < 40)
        // Deterministic: the same seed gives the same codes.
        #expect(SimulatedSignal(seed: 5).eegCode(channel: 1, sampleIndex: 777) == SimulatedSignal(seed: 5).eegCode(channel: 1, sampleIndex: 777))
    }
}
