import Foundation
import Testing

@testable import Processing

/// Each grade is triggered by a signal built to trigger it.
struct SignalGraderTests {
    static let fs = 256.0

    /// Background EEG: 8 µV alpha plus 3 µV noise (SD ≈ 6.4 µV), graded good.
    static func eeg(seed: UInt64 = 1, count: Int = 512) -> [Double] {
        var random = TestRandom(seed: seed)
        return (0..<count).map { i in 8 * sin(2 * .pi * 10 * Double(i) / fs) + 3 * random.normal() }
    }

    func assess(_ x: [Double], mains: MainsFrequency = .detect) -> ChannelAssessment {
        var grader = SignalGrader(samplingRate: Self.fs, mains: mains)
        return grader.assess(x)
    }

    @Test func cleanEEGIsGood() {
        let a = assess(Self.eeg())
        #expect(a.grade == .good && a.issues.isEmpty, "\(a)")
        #expect(a.bandAmplitude > 4 && a.bandAmplitude < 10)
    }

    @Test func flatLineIsBad() {
        let a = assess((0..<512).map { 700 + 0.1 * sin(Double($0)) })
        #expect(a.grade == .bad && a.issues.first == .flatLine)
    }

    @Test func clippedSignalIsRailed() {
        // A 200 µV sine clipped at ±150 µV: a third of the samples sit on the rails.
        let a = assess((0..<512).map { max(-150, min(150, 200 * sin(2 * .pi * 3 * Double($0) / Self.fs))) })
        #expect(a.grade == .bad && a.issues.contains(.railed), "\(a)")
        #expect(assess((0..<512).map { 1200 + Self.eeg()[$0] }).issues.contains(.railed))
    }

    @Test func mainsHumIsLineNoise() {
        let eeg = Self.eeg()
        let medium = assess(eeg.indices.map { eeg[$0] + 5 * sin(2 * .pi * 50 * Double($0) / Self.fs) }, mains: .fifty)
        #expect(medium.grade == .medium && medium.issues == [.lineNoise], "\(medium)")
        let bad = assess(eeg.indices.map { eeg[$0] + 30 * sin(2 * .pi * 60 * Double($0) / Self.fs) })
        #expect(bad.grade == .bad && bad.issues.contains(.lineNoise) && bad.mainsFrequency == 60, "\(bad)")
    }

    @Test func muscleLikeNoiseIsHighFrequency() {
        let eeg = Self.eeg()
        let medium = assess(eeg.indices.map { eeg[$0] + 5 * sin(2 * .pi * 75 * Double($0) / Self.fs) })
        #expect(medium.grade == .medium && medium.issues == [.highFrequencyNoise], "\(medium)")
        let a = assess(eeg.indices.map { eeg[$0] + 12 * sin(2 * .pi * 75 * Double($0) / Self.fs) + 8 * sin(2 * .pi * 88 * Double($0) / Self.fs) })
        #expect(a.grade == .bad && a.issues == [.highFrequencyNoise], "\(a)")
    }

    @Test func largeAmplitudeIsMediumThenBad() {
        let eeg = Self.eeg()
        let medium = assess(eeg.indices.map { eeg[$0] + 35 * sin(2 * .pi * 2 * Double($0) / Self.fs) })
        #expect(medium.grade == .medium && medium.issues == [.highAmplitude], "\(medium)")
        let bad = assess(eeg.indices.map { eeg[$0] + 120 * sin(2 * .pi * 2 * Double($0) / Self.fs) })
        #expect(bad.grade == .bad && bad.issues == [.highAmplitude], "\(bad)")
        #expect(bad.bandPowerInvalidReason != nil && medium.bandPowerInvalidReason == nil)
    }

    @Test func dropoutsAreMissingData() {
        var x = Self.eeg()
        for i in 100..<200 { x[i] = .nan }
        let a = assess(x)
        #expect(a.grade == .bad && a.issues == [.missingData] && a.bandAmplitude.isNaN)
        #expect(abs(a.missingFraction - 100.0 / 512) < 1e-12)
    }
}
