import Foundation
import Testing

@testable import Processing

/// Each verdict is triggered by a session built to trigger it, from real assessments of signals.
struct SessionQualitySummaryTests {
    enum Kind { case eeg, flat, hum, motion, gap, railed }

    static func window(_ kind: Kind, seed: UInt64) -> [Double] {
        let fs = SignalGraderTests.fs
        let eeg = SignalGraderTests.eeg(seed: seed)
        switch kind {
        case .eeg: return eeg
        case .flat: return eeg.map { _ in 3.0 }
        case .hum: return eeg.indices.map { 0.2 * eeg[$0] + 60 * sin(2 * .pi * 50 * Double($0) / fs) }
        case .motion: return eeg.indices.map { eeg[$0] + 200 * sin(2 * .pi * 1.5 * Double($0) / fs + Double(seed)) }
        case .gap: return eeg.indices.map { $0 < 300 ? eeg[$0] : .nan }
        // A Muse without skin contact: codes at the ends of the range (±1000 µV around the offset).
        case .railed: return eeg.indices.map { (Int($0) &* 2_654_435_761 &+ Int(seed)) % 7 < 3 ? -1000 : 1000 }
        }
    }

    /// A session of `windows` windows of 4 channels; `pattern(window, channel)` picks each signal,
    /// `offHead(window)` the device's on-head word and `moving(window)` the accelerometer's.
    static func verdict(
        windows: Int = 20, offHead: (Int) -> Bool = { _ in false }, moving: (Int) -> Bool? = { _ in nil }, _ pattern: (Int, Int) -> Kind
    ) -> SessionQualitySummary {
        var grader = SignalGrader(samplingRate: SignalGraderTests.fs)
        var summary = SessionQualitySummary(channelCount: 4)
        for w in 0..<windows {
            let assessed = (0..<4).map { c in grader.assess(Self.window(pattern(w, c), seed: UInt64(w * 4 + c))) }
            summary.add(assessed, deviceOffHead: offHead(w), moving: moving(w))
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

    /// Large swings on the EEG alone are artefacts, not motion: only the accelerometer's word makes
    /// a window "motion".
    @Test func motionNeedsTheAccelerometersWord() {
        let swings = Self.verdict { w, _ in w % 3 == 0 ? .motion : .eeg }
        #expect(swings.verdict == .passed && swings.motionWindows == 0 && swings.artefactWindows == 7, "\(swings)")
        let still = Self.verdict(moving: { _ in false }) { w, _ in w % 3 == 0 ? .motion : .eeg }
        #expect(still.verdict == .passed && still.motionWindows == 0, "\(still)")
        let moving = Self.verdict(moving: { w in w % 3 == 0 }) { w, _ in w % 3 == 0 ? .motion : .eeg }
        #expect(moving.verdict == .motionTooHigh && moving.motionWindows == 7, "\(moving)")
    }

    /// Railed codes (a Muse without skin contact) are the headband off the head, not motion, even
    /// when the accelerometer is still.
    @Test func railedChannelsMeanHeadbandOff() {
        let s = Self.verdict(moving: { _ in false }) { w, _ in w < 18 ? .railed : .eeg }
        #expect(s.verdict == .headbandOffHead && s.offHeadWindows == 18 && s.motionWindows == 0, "\(s)")
    }

    /// Every window the device reports off the head is off the head, whatever the signal looks like;
    /// 15 % of them (10 s of a minute's 2 s windows) is too many for a pass.
    @Test func theDevicesWordMakesAWindowOffHead() {
        let s = Self.verdict(windows: 40, offHead: { $0 >= 34 }) { _, _ in .eeg }
        #expect(s.verdict == .headbandOffHead && s.offHeadWindows == 6 && s.deviceOffHeadWindows == 6, "\(s)")
        let moving = Self.verdict(windows: 40, offHead: { $0 >= 34 }, moving: { _ in true }) { _, _ in .eeg }
        #expect(moving.verdict == .headbandOffHead && moving.motionWindows == 34, "off-head windows are not motion: \(moving)")
    }

    /// The live rule and the session's are one: a window's own verdict follows the same order.
    @Test func aWindowsVerdictFollowsTheSessionsOrder() {
        var grader = SignalGrader(samplingRate: SignalGraderTests.fs)
        let railed = (0..<4).map { grader.assess(Self.window(.railed, seed: UInt64($0))) }
        let clean = (0..<4).map { grader.assess(Self.window(.eeg, seed: UInt64($0))) }
        #expect(WindowFindings(railed, moving: false).verdict == .headbandOffHead)
        #expect(WindowFindings(clean, deviceOffHead: true).verdict == .headbandOffHead)
        #expect(WindowFindings(clean, moving: true).verdict == .motionTooHigh)
        #expect(WindowFindings(clean, moving: false).verdict == .passed)
        #expect(WindowFindings(railed).advice?.contains("headband") == true)
        #expect(WindowFindings(clean, moving: true).advice?.contains("still") == true)
    }

    @Test func aDeadChannelOrDropoutsMeanEEGFailure() {
        #expect(Self.verdict { _, c in c == 2 ? .flat : .eeg }.verdict == .eegFailure)
        #expect(Self.verdict { w, c in w % 4 == 0 && c == 0 ? .gap : .eeg }.verdict == .eegFailure)
    }

    @Test func noWindowsNoVerdict() {
        #expect(SessionQualitySummary(channelCount: 4).verdict == nil)
    }

    /// The evidence lists the verdict's criteria in its order with the shares it compared, and the
    /// one criterion that decided gives the verdict: the report shows this, not a rule of its own.
    @Test func theEvidenceIsWhatDecidedTheVerdict() {
        let offHead = Self.verdict { w, c in w < 15 && c < 3 ? .flat : .eeg }
        let evidence = offHead.evidence
        #expect(evidence.map(\.kind) == [.missingData, .offHead, .motion, .badChannel(0)])
        #expect(evidence.filter(\.decided).map(\.kind) == [.offHead])
        #expect(evidence[1].share == 0.75 && evidence[1].limit == offHead.criteria.maximumOffHeadWindows)
        #expect(evidence.first(where: \.decided)?.verdict == offHead.verdict)

        let clean = Self.verdict { _, _ in .eeg }
        #expect(clean.verdict == .passed && !clean.evidence.contains(where: \.decided) && clean.evidence.count == 4)
        // A bad channel decides only after the criteria before it; the worst channel is named.
        let gap = Self.verdict { w, c in c == 2 && w < 10 ? .gap : .eeg }
        #expect(gap.evidence.first(where: \.decided)?.kind == .missingData && gap.verdict == .eegFailure)
        #expect(SessionQualitySummary(channelCount: 4).evidence.isEmpty)
    }
}
