import DataSources
import Foundation
import TestSupport
import Testing

@testable import Processing

struct RecordingAnalyzerTests {
    /// Whole-recording band power equals scipy.signal.welch over the whole signal (fed in uneven
    /// blocks), integrated by the stated rule; at 250 Hz so nperseg = 500.
    @Test func wholeRecordingBandPowerMatchesScipy() throws {
        var generator = OscillatorGenerator(configuration: OscillatorConfiguration(mode: .realistic, seed: 11, samplingRate: 250, startTime: 0))
        let frames = generator.next(250 * 63)[0]
        var analyzer = RecordingAnalyzer(descriptor: OscillatorConfiguration(samplingRate: 250).descriptor)
        var start = 0
        while start < frames.count {
            let end = min(frames.count, start + 999)
            analyzer.process(frames.slice(start..<end))
            start = end
        }
        let analysis = analyzer.result()
        #expect(analysis.bandPowerMethod.welch.segmentLength == 500 && analysis.bandPowerMethod.welch.overlap == 250)
        let dir = try TemporaryDirectory("analyze")
        let path = try NumpyReference.write(frames.values, in: dir)
        let script = """
            import sys, json, numpy as np, scipy.signal as ss
            x = np.fromfile(sys.argv[1]).reshape(-1, 4).T
            f, p = ss.welch(x, 250.0, window='hann', nperseg=500, noverlap=250, detrend='constant', scaling='density', axis=-1)
            df = f[1] - f[0]
            bands = [(1,4),(4,8),(8,13),(13,30),(30,45)]
            print(json.dumps([[float(p[c][(f >= lo) & (f < hi)].sum() * df) for lo, hi in bands] + [float(p[c][(f >= 1) & (f < 45)].sum() * df)] for c in range(4)]))
            """
        let expected = try NumpyReference.run([[Double]].self, script, [path])
        for c in 0..<4 {
            let channel = analysis.channels[c]
            #expect(channel.segmentsUsed == (frames.count - 250) / 250 && channel.segmentsSkipped == 0)
            for b in 0..<5 {
                #expect(abs(channel.bandPowers.absolute[b] - expected[c][b]) <= 1e-9 * expected[c][b], "channel \(c) band \(b)")
            }
            #expect(abs(channel.bandPowers.denominator - expected[c][5]) <= 1e-9 * expected[c][5])
        }
        #expect(analysis.verdict != nil && analysis.durationSeconds == 63)
        // Alpha is strongest at the back (TP9, TP10) in the oscillator's realistic mode.
        #expect(analysis.channels[0].bandPowers.absolute[2] > analysis.channels[1].bandPowers.absolute[2])
    }

    @Test func segmentsWithGapsAreLeftOutAndCounted() {
        var generator = OscillatorGenerator(configuration: OscillatorConfiguration(mode: .realistic, seed: 2, startTime: 0))
        var frames = generator.next(256 * 30)[0]
        for i in (5000 * 4)..<(5100 * 4) { frames.values[i] = .nan }
        var analyzer = RecordingAnalyzer(descriptor: OscillatorConfiguration().descriptor)
        analyzer.process(frames)
        let channel = analyzer.result().channels[0]
        // Segments of 512 every 256 samples touching rows 5000…5099: those starting in 4589…5099.
        #expect(channel.segmentsSkipped == 2 && channel.segmentsUsed == 29 - 2)
        #expect(channel.bandPowers.absolute.allSatisfy { $0.isFinite })
    }
}
