import DataSources
import Foundation
import Testing

@testable import Processing

/// Derived series are timed by the samples they end at and never go backwards, also across lost
/// samples of a source whose samples are not 1/fs apart on the recording clock (a source paced at
/// `--speed 8` stamps them 1/(8 fs) apart; a drifting headband a little off 1/fs).
struct UpdateTimeTests {
    @Test(arguments: [1.0, 1.0 / 8])
    func updateTimesNeverGoBackwardsAcrossAGap(timeScale: Double) {
        var generator = OscillatorGenerator(configuration: OscillatorConfiguration(mode: .realistic, seed: 4, startTime: 1000), timeScale: timeScale)
        let samples = generator.next(256 * 12)[0]
        let info = OscillatorConfiguration(mode: .realistic).descriptor
        var processor = SignalProcessor(descriptor: info, configuration: ProcessorConfiguration(mains: .fifty))
        var times: [Double] = []
        // 0.4 s lost in the middle, short enough to be filled with NaN.
        for range in [0..<1500, 1600..<samples.count] {
            for update in processor.process(samples.slice(range)) {
                switch update {
                case .quality(let q): times.append(q.time)
                case .lineNoise(let l): times.append(l.time)
                case .bandPower(let b): times.append(b.time)
                }
            }
        }
        #expect(times.count > 20)
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 <= $1 }, "update times go backwards")
        #expect(times.allSatisfy { $0 <= samples.times.last! })
    }
}
