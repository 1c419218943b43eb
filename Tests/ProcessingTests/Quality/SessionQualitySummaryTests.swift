import Foundation
import Testing

@testable import Processing

/// Each verdict is triggered by a session built to trigger it, from real assessments of signals.
struct SessionQualitySummaryTests {
    enum Kind { case eeg, flat, hum, motion, gap }

    static func window(_ kind: Kind, seed: UInt64) -> [Double] {
        let fs = SignalGraderTests.fs
        let eeg = SignalGraderTests.eeg(seed: seed)
        switch kind {
        case .eeg: return eeg
        case .flat: return eeg.map { _ in 3.0 }
        case .hum: return eeg.indices.map { 0.2 * eeg[$0] + 60 * sin(2 * .pi * 50 * Double($0) / fs) }
        case .motion: return eeg.indices.map { eeg[$0] + 200 * sin(2 * .pi * 1.5 * Double($0) / fs + Double(seed)) }
        case .gap: return eeg.indices.map { $0 < 300 ? eeg[$0] : .nan }
        }
    }

    /// A session of `windows` windows of 4 channels; `pattern(window, channel)` picks each signal.
    static func verdict(windows: Int = 20, _ pattern: (Int, Int) -> Kind) -> SessionQualitySummary {
        var grader = SignalGrader(samplingRate: SignalGraderTests.fs)
        var summary = SessionQualitySummary(channelCount: 4)
        for w in 0..<windows {
            summary.add((0..<4).map { c in grader.assess(window(pattern(w, c), seed: UInt64(w * 4 + c))) })
        }
        return summary
    }

    @Test func cleanSessionPasses() {
        let s = Self.verdict { _, _ in .eeg }
        #expect(s.verdict == .passed && s.goodFraction == [1, 1, 1, 1])
    }

    @Test func flatOrHummingChannelsMeanHeadbandOff() {
        #expect(Self.verdict { w, c in w < 15 && c < 3 ? .flat : .eeg }.verdict == .headbandOffHead)
        #expect(Self.verdict { w, c in w < 15 && c % 2 == 0 ? .hum : (w < 15 ? .flat : .eeg) }.verdict == .headbandOffHead)
    }

    @Test func simultaneousLargeSwingsMeanMotion() {
        let s = Self.verdict { w, _ in w % 3 == 0 ? .motion : .eeg }
        #expect(s.verdict == .motionTooHigh, "\(s)")
    }

    @Test func aDeadChannelOrDropoutsMeanEEGFailure() {
        #expect(Self.verdict { _, c in c == 2 ? .flat : .eeg }.verdict == .eegFailure)
        #expect(Self.verdict { w, c in w % 4 == 0 && c == 0 ? .gap : .eeg }.verdict == .eegFailure)
    }

    @Test func noWindowsNoVerdict() {
        #expect(SessionQualitySummary(channelCount: 4).verdict == nil)
    }
}
