import Processing
import Testing

@testable import Report

/// The report's verdict reasons are Processing's evidence in the report's words, the words they
/// always were: each criterion's share against its limit, the deciding one marked.
struct VerdictReasonsTests {
    static func assessment(_ grade: QualityGrade, _ issues: [QualityIssue] = []) -> ChannelAssessment {
        ChannelAssessment(
            grade: grade, issues: issues, missingFraction: 0, standardDeviation: 10, railedFraction: 0, bandAmplitude: 10, lineNoiseRatio: 0,
            highFrequencyRatio: 0, mainsFrequency: 50)
    }

    /// 20 windows: 2 with data missing on AF7 (at the limit, not over it), 3 the headband reported
    /// off the head (over the limit: decides), TP10 graded bad in 6; 5 still accelerometer windows.
    @Test func eachCriterionWithItsShareAndTheOneThatDecided() {
        var summary = SessionQualitySummary(channelCount: 4)
        for w in 0..<20 {
            var window = [ChannelAssessment](repeating: Self.assessment(.good), count: 4)
            if w < 2 { window[1] = Self.assessment(.bad, [.missingData]) }
            if w >= 10 && w < 16 { window[3] = Self.assessment(.bad, [.highAmplitude]) }
            summary.add(window, deviceOffHead: w >= 2 && w < 5)
        }
        for _ in 0..<5 { summary.addMotion(moving: false) }
        let reasons = VerdictReasons(summary: summary, channels: ["TP9", "AF7", "AF8", "TP10"]).reasons
        #expect(
            reasons.map(\.text) == [
                "Samples missing: 10 % of windows (limit 10 %)",
                "Headband off the head (as it reported, or half the channels flat, railed or humming; 15 % reported by it): 15 % of windows (limit 10 %)",
                "Head movement (accelerometer, headband on): 0 % of windows (limit 20 %)",
                "Worst channel graded bad (TP10): 30 % of windows (limit 50 %)",
                "20 quality windows of 2 s judged, every 0.5 s",
            ])
        #expect(reasons.map(\.triggered) == [false, true, false, false, false])
        #expect(summary.verdict == .headbandOffHead)
    }

    /// The same evidence in German, with a decimal comma.
    @Test func theReasonsInGerman() {
        var summary = SessionQualitySummary(channelCount: 2)
        for w in 0..<4 { summary.add([Self.assessment(.good), Self.assessment(.bad, [.highAmplitude])], deviceOffHead: w == 0) }
        let reasons = VerdictReasons(summary: summary, channels: ["A"], words: ReportWords(locale: "de")).reasons
        #expect(
            reasons.map(\.text) == [
                "Fehlende Messwerte: 0 % der Fenster (Grenze 10 %)",
                "Stirnband nicht am Kopf (so gemeldet, oder die Hälfte der Kanäle flach, übersteuert oder mit Netzbrummen; 25 % vom Stirnband gemeldet): 25 % der Fenster (Grenze 10 %)",
                "Schlechtester Kanal als schlecht bewertet (Kanal 2): 100 % der Fenster (Grenze 50 %)",
                "4 Qualitätsfenster von 2 s bewertet, alle 0,5 s",
            ])
        let none = VerdictReasons(summary: SessionQualitySummary(channelCount: 2), channels: [], words: ReportWords(locale: "de")).reasons
        #expect(none.map(\.text) == ["Zu kurz für ein Urteil: kein vollständiges Qualitätsfenster."])
    }

    /// Without an accelerometer there is no motion line; without a window, no verdict to explain.
    @Test func noMotionLineWithoutAnAccelerometerAndNoReasonsWithoutAWindow() {
        var summary = SessionQualitySummary(channelCount: 2)
        for _ in 0..<4 { summary.add([Self.assessment(.good), Self.assessment(.bad, [.highAmplitude])]) }
        let reasons = VerdictReasons(summary: summary, channels: ["A"]).reasons
        #expect(
            reasons.map(\.text) == [
                "Samples missing: 0 % of windows (limit 10 %)",
                "Headband off the head (as it reported, or half the channels flat, railed or humming): 0 % of windows (limit 10 %)",
                "Worst channel graded bad (channel 2): 100 % of windows (limit 50 %)",
                "4 quality windows of 2 s judged, every 0.5 s",
            ])
        #expect(reasons.map(\.triggered) == [false, false, true, false])
        let none = VerdictReasons(summary: SessionQualitySummary(channelCount: 2), channels: []).reasons
        #expect(none.map(\.text) == ["Too short to judge: no complete quality window."] && none.map(\.triggered) == [true])
    }
}
