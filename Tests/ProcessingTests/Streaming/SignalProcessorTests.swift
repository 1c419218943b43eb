import DataSources
import Foundation
import Testing

@testable import Processing

struct SignalProcessorTests {
    static func samples(seconds: Double, mode: OscillatorConfiguration.Mode = .realistic, seed: UInt64 = 3) -> SampleBlock {
        var generator = OscillatorGenerator(configuration: OscillatorConfiguration(mode: mode, seed: seed, startTime: 1000))
        return generator.next(Int(256 * seconds))[0]
    }

    static func split(_ updates: [ProcessingUpdate]) -> ([QualityUpdate], [LineNoiseUpdate], [BandPowerUpdate]) {
        var q: [QualityUpdate] = [], l: [LineNoiseUpdate] = [], b: [BandPowerUpdate] = []
        for u in updates {
            switch u {
            case .quality(let x): q.append(x)
            case .lineNoise(let x): l.append(x)
            case .bandPower(let x): b.append(x)
            }
        }
        return (q, l, b)
    }

    @Test func emitsAtTheConfiguredRatesWithTheDirectResults() {
        let frames = Self.samples(seconds: 20)
        let info = OscillatorConfiguration(mode: .realistic).descriptor
        var processor = SignalProcessor(descriptor: info, configuration: ProcessorConfiguration(mains: .fifty))
        // Delivered in uneven blocks, as a source would.
        var updates: [ProcessingUpdate] = []
        var start = 0
        for size in [1, 7, 300, 16, 5000].cycled(until: frames.count) {
            let end = min(frames.count, start + size)
            updates += processor.process(frames.slice(start..<end))
            start = end
            if start == frames.count { break }
        }
        let (quality, noise, power) = Self.split(updates)
        #expect(quality.count == 40)
        #expect(noise.count == 20)
        #expect(power.count == 17)
        #expect(quality[0].assessments == nil && quality[3].assessments?.count == 4)
        #expect(quality.last!.time == frames.times.last!)
        // The band power of the last update equals a direct Welch over the same 4 s.
        let last = power.last!
        #expect(last.sampleIndex == frames.endIndex - 1 && last.windowSeconds == 4)
        var welch = WelchEstimator(parameters: last.method.welch, samplingRate: 256)
        for c in 0..<4 {
            guard last.channels[c].invalidReason == nil else { continue }
            let direct = BandPowers(
                spectrum: welch.spectrum(((frames.count - 1024)..<frames.count).map { frames.value(row: $0, channel: c) }), method: last.method)
            #expect(direct.absolute == last.channels[c].absolute)
        }
        // The same frames through a MYND estimator directly give the same percentages.
        var mynd = MyndQualityEstimator(channelCount: 4, samplingRate: 256)
        let direct = (0..<frames.count).compactMap { mynd.append(frames.row($0), sampleIndex: frames.firstIndex + Int64($0)) }
        #expect(direct == quality.map(\.mynd))
        #expect(processor.summary.windowCount == 37)
    }

    @Test func dropoutsBecomeMissingDataNotNumbers() {
        let frames = Self.samples(seconds: 12)
        var processor = SignalProcessor(descriptor: OscillatorConfiguration().descriptor)
        // 1.2 s lost between the two blocks.
        let (quality, _, power) = Self.split(processor.process(frames.slice(0..<2000)) + processor.process(frames.slice(2300..<frames.count)))
        #expect(quality.count == 24)
        #expect(quality.contains { $0.assessments?.allSatisfy { $0.issues.contains(.missingData) } == true })
        #expect(quality.contains { $0.mynd.invalidReasons.allSatisfy { $0?.contains("missing") == true } })
        let hit = power.filter { $0.sampleIndex >= 2300 && $0.sampleIndex < 2300 + 1024 }
        #expect(!hit.isEmpty && hit.allSatisfy { u in u.channels.allSatisfy { $0.absolute.allSatisfy { $0.isNaN } && $0.invalidReason != nil } })
    }

    /// A gap of any length is sample time: 20 s lost (longer than any grace) are NaN rows at their
    /// place, every quality window over them counts as missing data, and the session has as many
    /// windows as one that lost nothing, so the verdict says the data is missing.
    @Test func everyWindowOverALongGapCountsAsMissing() {
        let frames = Self.samples(seconds: 60)
        let descriptor = OscillatorConfiguration().descriptor
        var whole = SignalProcessor(descriptor: descriptor)
        _ = whole.process(frames)
        var processor = SignalProcessor(descriptor: descriptor)
        let lost = Int64(10 * 256)..<Int64(30 * 256)
        let updates = processor.process(frames.slice(0..<Int(lost.lowerBound))) + processor.process(frames.slice(Int(lost.upperBound)..<frames.count))
        let (quality, _, _) = Self.split(updates)
        // A window is the 512 rows up to its update's sample.
        let overGap = quality.filter { q in q.findings != nil && q.sampleIndex >= lost.lowerBound && q.sampleIndex - 511 < lost.upperBound }
        #expect(overGap.count == (20 * 256 + 511) / 128)
        #expect(overGap.allSatisfy { $0.findings?.missingData == true })
        #expect(processor.summary.windowCount == whole.summary.windowCount)
        #expect(processor.summary.missingWindows == overGap.count)
        #expect(processor.summary.verdict == .eegFailure)
        #expect(processor.summary.evidence.first?.decided == true)
        // The windows over the gap are timed on the gap rows' times, 0.5 s of sample time apart.
        let times = overGap.map(\.time)
        #expect(zip(times, times.dropFirst()).allSatisfy { abs($1 - $0 - 0.5) < 1e-6 })
    }

    @Test func liveProcessorFollowsAController() async throws {
        let source = OscillatorSource(
            configuration: OscillatorConfiguration(mode: .realistic, pacing: .asFastAsPossible, startTime: 0, sampleLimit: 256 * 10))
        let controller = DataController(source: source)
        let events = await LiveProcessor.events(controller: controller, configuration: ProcessorConfiguration(mains: .fifty))
        try await controller.start()
        var started = false, qualities = 0, summary: SessionQualitySummary?
        for await event in events {
            switch event {
            case .started(let info): started = info.samplingRate == 256
            case .update(.quality): qualities += 1
            case .update, .state, .battery, .continuity: break
            case .ended(let s, let error):
                summary = s
                #expect(error == nil)
            }
        }
        #expect(started && qualities == 20)
        #expect(summary?.windowCount == 17)
        #expect(summary?.verdict != nil)
    }
}

extension Array {
    /// The elements repeated as often as needed to reach `count` elements in total sum (for block
    /// sizes); good enough for tests.
    func cycled(until count: Int) -> [Element] {
        var out: [Element] = []
        while out.count < count { out += self }
        return out
    }
}
