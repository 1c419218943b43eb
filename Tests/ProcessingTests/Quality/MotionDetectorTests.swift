import DataSources
import Foundation
import Processing
import Testing

struct MotionDetectorTests {
    /// `seconds` of a 52 Hz accelerometer: 1 g on z, and a sway of `amplitude` g at 2 Hz on x.
    private func accelerometer(seconds: Int, amplitude: Double, nanRows: Set<Int> = []) -> SampleBlock {
        let n = seconds * 52
        var values: [Double] = []
        for i in 0..<n {
            let x = nanRows.contains(i) ? .nan : amplitude * sin(2 * .pi * 2 * Double(i) / 52)
            values += [x, 0.01, 1]
        }
        return SampleBlock(stream: "accelerometer", firstIndex: 0, channelCount: 3, values: values, times: (0..<n).map { Double($0) / 52 })
    }

    @Test func stillAndMovingWindows() {
        var still = MotionDetector(samplingRate: 52, threshold: 0.1)
        #expect(still.take(accelerometer(seconds: 3, amplitude: 0.02)) == [false, false, false])
        var moving = MotionDetector(samplingRate: 52, threshold: 0.1)
        #expect(moving.take(accelerometer(seconds: 3, amplitude: 0.5)) == [true, true, true])
    }

    /// A window with fewer than half its rows present is not judged.
    @Test func windowsWithTooFewRowsAreNotJudged() {
        var detector = MotionDetector(samplingRate: 52, threshold: 0.1)
        #expect(detector.take(accelerometer(seconds: 2, amplitude: 0.5, nanRows: Set(0..<30))) == [true])
    }

    /// Quality windows during which the accelerometer saw movement, above the criteria's fraction,
    /// make the verdict "motion too high" even when the EEG looked clean.
    @Test func movingWindowsDecideTheVerdict() {
        var summary = SessionQualitySummary(channelCount: 1)
        let clean = ChannelAssessment(
            grade: .good, issues: [], missingFraction: 0, standardDeviation: 8, railedFraction: 0, bandAmplitude: 8, lineNoiseRatio: 0.01,
            highFrequencyRatio: 0.01, mainsFrequency: 50)
        for k in 0..<10 { summary.add([clean], moving: k < 2) }
        #expect(summary.verdict == .passed)
        summary.add([clean], moving: true)
        #expect(summary.verdict == .motionTooHigh && summary.motionWindows == 3)
    }
}
