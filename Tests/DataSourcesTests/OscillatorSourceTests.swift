import Foundation
import Testing

@testable import DataSources

struct OscillatorSourceTests {
    @Test func sameSeedGivesSameSignalAndOtherSeedDiffers() {
        var a = OscillatorGenerator(configuration: .init(mode: .realistic, seed: 42))
        var b = OscillatorGenerator(configuration: .init(mode: .realistic, seed: 42))
        var c = OscillatorGenerator(configuration: .init(mode: .realistic, seed: 43))
        let fa = a.next(2000), fb = b.next(2000), fc = c.next(2000)
        #expect(fa == fb)
        #expect(fa.map(\.values) != fc.map(\.values))
    }

    @Test func rateIsExactByIndex() {
        var g = OscillatorGenerator(configuration: .init(samplingRate: 256, startTime: 1000))
        let frames = g.next(256 * 3).flatMap(\.rows)
        #expect(frames.count == 768)
        for (i, f) in frames.enumerated() {
            #expect(f.index == Int64(i))
            #expect(abs(f.time - (1000 + Double(i) / 256)) < 1e-9)
        }
    }

    @Test func myndModeReproducesSinesAndAmplitudeSweep() {
        var g = OscillatorGenerator(configuration: .init(mode: .mynd, samplingRate: 256, startTime: 0))
        let frames = g.next(256 * 60).flatMap(\.rows)
        // First 0.5 s: amplitude 300, channel 1 is 10 Hz.
        let t = 5.0 / 256
        #expect(abs(frames[5].values[0] - 300 * sin(2 * .pi * 10 * t)) < 1e-9)
        #expect(abs(frames[5].values[3] - 300 * sin(2 * .pi * 40 * t)) < 1e-9)
        // Amplitude per half second, recovered from the 10 Hz channel's peak.
        var amplitudes: [Double] = []
        for block in 0..<120 {
            let slice = frames[(block * 128)..<((block + 1) * 128)]
            amplitudes.append(slice.map { abs($0.values[0]) }.max()!)
        }
        #expect(abs(amplitudes[1] - 303) < 1)  // first update rises by 3, then turns
        #expect(abs(amplitudes[2] - 293) < 1)  // falling by 10
        #expect(amplitudes.min()! < 10)  // reaches the bottom and turns
        let bottom = amplitudes.firstIndex { $0 < 10 }!
        #expect(amplitudes[bottom + 1] > amplitudes[bottom])  // rising again by 3
    }

    @Test func dropoutsSkipIndices() {
        var g = OscillatorGenerator(configuration: .init(mode: .realistic, seed: 3, dropoutsPerMinute: 30))
        let frames = g.next(256 * 60).flatMap(\.rows)
        let jumps = zip(frames, frames.dropFirst()).filter { $1.index - $0.index > 1 }
        #expect(!jumps.isEmpty)
        #expect(frames.count < 256 * 60)
    }

    @Test func realisticModeHasAlphaAndLineNoise() {
        var g = OscillatorGenerator(
            configuration: .init(mode: .realistic, seed: 9, lineFrequency: 60, lineNoiseAmplitude: 8, blinksPerMinute: 0, motionsPerMinute: 0))
        let x = g.next(256 * 20).flatMap(\.rows).map { $0.values[0] }
        func amplitude(at f: Double) -> Double {
            var re = 0.0, im = 0.0
            for (n, v) in x.enumerated() {
                re += v * cos(2 * .pi * f * Double(n) / 256); im -= v * sin(2 * .pi * f * Double(n) / 256)
            }
            return 2 * (re * re + im * im).squareRoot() / Double(x.count)
        }
        #expect(abs(amplitude(at: 60) - 8) < 1.5)
        #expect(amplitude(at: 60) > 4 * amplitude(at: 57))
    }

    @Test func pacedSourceKeepsRealTime() async throws {
        let source = OscillatorSource(configuration: .init(samplingRate: 256, pacing: .speed(4), sampleLimit: 256))
        let start = ContinuousClock.now
        let counter = Counter()
        try await source.run(context: .system()) { event in
            if case .samples(let b) = event { await counter.add(b.count) }
        }
        let elapsed = ContinuousClock.now - start
        #expect(await counter.value == 256)
        #expect(elapsed >= .milliseconds(240))
        #expect(elapsed < .seconds(60))  // only catches a hang: parallel tests on 2 cores can be slow
    }
}

actor Counter {
    var value = 0
    func add(_ n: Int) { value += n }
}
