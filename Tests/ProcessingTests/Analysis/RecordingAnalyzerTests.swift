import DataSources
import Foundation
import TestSupport
import Testing

@testable import Processing

@Suite(.tags(.python))
struct RecordingAnalyzerTests {
    /// Whole-recording band power equals scipy.signal.welch over the whole signal (fed in uneven
    /// blocks), integrated by the stated rule; at 250 Hz so nperseg = 500.
    @Test func wholeRecordingBandPowerMatchesScipy() throws {
        var generator = OscillatorGenerator(configuration: OscillatorConfiguration(mode: .realistic, seed: 11, samplingRate: 250, startTime: 0))
        let frames = generator.next(250 * 63)[0]
        // Every segment, as scipy's: windows graded bad are kept here (they are left out by default).
        var analyzer = RecordingAnalyzer(descriptor: OscillatorConfiguration(samplingRate: 250).descriptor, includesBadWindows: true)
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
        var analyzer = RecordingAnalyzer(descriptor: OscillatorConfiguration().descriptor, includesBadWindows: true)
        analyzer.process(frames)
        let channel = analyzer.result().channels[0]
        // Segments of 512 every 256 samples touching rows 5000…5099: those starting in 4589…5099.
        #expect(channel.segmentsSkipped == 2 && channel.segmentsUsed == 29 - 2)
        #expect(channel.bandPowers.absolute.allSatisfy { $0.isFinite })
        // By default the quality windows graded bad for the missing data go too (2 s each side).
        var gated = RecordingAnalyzer(descriptor: OscillatorConfiguration().descriptor)
        gated.process(frames)
        let left = gated.result().channels[0]
        #expect(left.segmentsSkipped > 2 && left.segmentsUsed + left.segmentsSkipped == 29, "\(left.segmentsUsed)/\(left.segmentsSkipped)")
    }

    /// 60 s of alpha (10 Hz, 10 µV) with 10 s of railed codes (a Muse without skin contact): the
    /// railed stretch is left out of the band power, so alpha stays what the EEG had; kept
    /// (`includesBadWindows`), it swamps the spectrum, as it did before.
    @Test func railedWindowsAreLeftOutOfBandPower() {
        let fs = 256.0
        var values: [Double] = []
        var times: [Double] = []
        for i in 0..<(256 * 60) {
            let t = Double(i) / fs
            times.append(t)
            for c in 0..<4 {
                let railed = t >= 30 && t < 40
                let noise = 2 * sin(Double(i &* 7919 &+ c * 104_729).truncatingRemainder(dividingBy: 1000))
                values.append(railed ? ((i + c) % 3 == 0 ? -1000 : 1000) : 10 * sin(2 * .pi * 10 * t + Double(c)) + noise)
            }
        }
        let block = SampleBlock(firstIndex: 0, channelCount: 4, values: values, times: times)
        let descriptor = OscillatorConfiguration().descriptor
        func analysis(_ keep: Bool) -> RecordingAnalysis {
            var analyzer = RecordingAnalyzer(descriptor: descriptor, includesBadWindows: keep)
            analyzer.process(block)
            return analyzer.result()
        }
        let gated = analysis(false), kept = analysis(true)
        let alpha = 2
        for c in 0..<4 {
            #expect(gated.channels[c].bandPowers.relative[alpha] > 0.9, "\(gated.channels[c].bandPowers.relative)")
            #expect(kept.channels[c].bandPowers.relative[alpha] < 0.5, "\(kept.channels[c].bandPowers.relative)")
            #expect(gated.channels[c].segmentsUsed < kept.channels[c].segmentsUsed && gated.channels[c].segmentsUsed >= 40)
        }
        #expect(gated.summary.offHeadWindows >= 18 && gated.verdict == .headbandOffHead, "\(gated.summary)")
        #expect(gated.includesBadWindows == false && kept.includesBadWindows)
    }

    /// The device's own off-head word decides windows and band power after the fact too: 10 s of a
    /// clean minute reported off the head make the verdict "headband off the head", not "passed".
    @Test func theDevicesOffHeadStateDecidesAfterTheFact() {
        var generator = OscillatorGenerator(configuration: OscillatorConfiguration(mode: .realistic, seed: 3, startTime: 0))
        let frames = generator.next(256 * 60)[0]
        var analyzer = RecordingAnalyzer(descriptor: OscillatorConfiguration().descriptor)
        analyzer.process(frames.slice(0..<(256 * 50)))
        analyzer.take(DeviceStateChange(state: .onHead, value: false, time: 50))
        analyzer.process(frames.slice((256 * 50)..<(256 * 60)))
        let result = analyzer.result()
        #expect(result.verdict == .headbandOffHead && result.summary.deviceOffHeadWindows == 20, "\(result.summary)")
        #expect(result.channels[0].segmentsSkipped >= 9, "\(result.channels[0].segmentsSkipped)")
    }
}
