import Foundation
import Processing
import Storage
import TestSupport
import Testing

@testable import Report

/// The report reads the quality windows a recording stored when its own processor made them with
/// the report's settings, and recomputes them otherwise, saying which: read or recomputed, the
/// verdict, the grades, the band power and the spectrum are the same.
@Suite struct StoredQualityDigestTests {
    /// What the fixture's recordings store with the report's settings (mains 50 Hz, the defaults).
    static let reportSettings = ProcessorConfiguration(mains: .fixed(50))

    static func digest(_ fixture: ReportFixture, _ item: CatalogItem, detail: Bool = true) throws -> RecordingDigest {
        try RecordingDigest(reader: try RecordingReader(url: fixture.store.url(of: item.path)), name: item.path, detail: detail)
    }

    /// Equal, NaN equal to NaN (grades while warming up, band power of a window with a gap).
    static func same<T: BinaryFloatingPoint>(_ a: [T], _ b: [T]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0 == $1 || ($0.isNaN && $1.isNaN) }
    }

    @Test func storedWithTheSameSettingsIsReadAndJudgesAsRecomputing() async throws {
        let fixture = try ReportFixture("report-stored")
        // The same signal (seed and start) twice: stored with the report's settings, and not stored.
        let stored = try fixture.recording(day: 1, seconds: 90, dropouts: 6, quality: Self.reportSettings)
        let plain = try fixture.recording(day: 2, seconds: 90, dropouts: 6)
        let read = try Self.digest(fixture, stored)
        let recomputed = try Self.digest(fixture, plain)

        #expect(read.qualityOrigin.kind == .stored, "\(read.qualityOrigin)")
        #expect(recomputed.qualityOrigin == .recomputed("the recording stores no quality (/Quality)"))
        #expect(read.summary.windowCount > 150 && read.summary.missingWindows > 0, "the dropouts are judged: \(read.summary)")
        #expect(read.verdict == recomputed.verdict && read.summary == recomputed.summary)
        #expect(read.grades.count == recomputed.grades.count && read.grades.times == recomputed.grades.times)
        #expect(Self.same(read.grades.values, recomputed.grades.values))
        // Some windows graded bad: the band-power average then leaves those channels out, from the
        // window of the band-power update's own sample.
        #expect(read.grades.values.contains(4) && read.grades.values.contains(1))
        #expect(read.bandPower.count >= 80 && read.bandPower.times == recomputed.bandPower.times)
        #expect(Self.same(read.bandPower.values, recomputed.bandPower.values))
        #expect(read.segmentsUsed == recomputed.segmentsUsed && read.segmentsSkipped == recomputed.segmentsSkipped)
        #expect(read.segmentsSkipped.allSatisfy { $0 > 0 }, "segments touching a gap or a bad window are left out")
        #expect(zip(read.spectra, recomputed.spectra).allSatisfy { Self.same($0.density, $1.density) })
        #expect(read.gapSamples == recomputed.gapSamples && read.startTime == recomputed.startTime)

        // The participant view reads no sample: the verdict and the counts from the stored windows.
        let verdictOnly = try Self.digest(fixture, stored, detail: false)
        #expect(verdictOnly.qualityOrigin.kind == .stored)
        #expect(verdictOnly.verdict == recomputed.verdict && verdictOnly.summary.gradeCounts == recomputed.summary.gradeCounts)
        #expect(verdictOnly.summary.windowCount == recomputed.summary.windowCount && verdictOnly.grades.isEmpty)
        #expect(verdictOnly.gapSamples == recomputed.gapSamples && verdictOnly.startTime == recomputed.startTime)

        // The page says which.
        let builder = ReportBuilder(store: fixture.store)
        #expect(try await builder.sessionReport(for: [stored]).contains("<dl class=\"meta\" data-quality=\"stored\""))
        #expect(
            try await builder.sessionReport(for: [plain]).contains(
                "<dl class=\"meta\" data-quality=\"recomputed\" data-quality-reason=\"the recording stores no quality (/Quality)\">"))
        let participantPage = try await builder.participantReport(participant: ReportFixture.participant)
        #expect(participantPage.contains("<td data-quality=\"stored\">") && participantPage.contains("<td data-quality=\"recomputed\">"))
    }

    @Test func storedWithOtherSettingsIsRecomputedAndSaysWhich() throws {
        let fixture = try ReportFixture("report-other")
        var detect = Self.reportSettings
        detect.mains = .detect
        let otherMains = try fixture.recording(day: 1, seconds: 30, quality: detect)
        let plain = try fixture.recording(day: 2, seconds: 30)
        let digest = try Self.digest(fixture, otherMains)
        #expect(digest.qualityOrigin.kind == .recomputed)
        #expect(digest.qualityOrigin.reason.contains("MainsFrequencySetting (detect)"), "\(digest.qualityOrigin.reason)")
        let recomputed = try Self.digest(fixture, plain)
        #expect(digest.summary == recomputed.summary && Self.same(digest.grades.values, recomputed.grades.values))

        // Band power every 2 s: the session view, which draws it, recomputes; the participant view
        // needs only the windows, which are the same, and reads them.
        var slower = Self.reportSettings
        slower.bandPowerInterval = 2
        let otherRate = try fixture.recording(day: 3, seconds: 30, quality: slower)
        let session = try Self.digest(fixture, otherRate)
        #expect(session.qualityOrigin.kind == .recomputed && session.qualityOrigin.reason.contains("BandPowerIntervalSeconds"))
        let participant = try Self.digest(fixture, otherRate, detail: false)
        #expect(participant.qualityOrigin.kind == .stored && participant.summary.gradeCounts == recomputed.summary.gradeCounts)

        // Stricter thresholds: other grades, so recomputed.
        var strict = Self.reportSettings
        strict.thresholds.goodAmplitude = 1
        let otherThresholds = try fixture.recording(day: 4, seconds: 30, quality: strict)
        #expect(try Self.digest(fixture, otherThresholds, detail: false).qualityOrigin.reason.contains("QualityThresholds"))
    }
}
