import Foundation
import Testing

@testable import Study

struct ReactionTimeResultTests {
    let t = Date(timeIntervalSince1970: 0)

    private func result(_ foreperiod: Double, _ key: Double?) -> ReactionTimeResult {
        ReactionTimeResult(
            trial: 0, stimulus: "X", response: key == nil ? nil : "space", foreperiod: foreperiod, keyAfterOnset: key,
            responseWindow: 1.5, timestamp: t)
    }

    @Test func classifiesCorrectAnticipationAndMiss() {
        let correct = result(2, 2.25)
        #expect(correct.outcome == .correct)
        #expect(abs((correct.latencyMs ?? 0) - 250) < 1e-9)
        let early = result(2, 1.5)
        #expect(early.outcome == .anticipation)
        #expect(abs((early.latencyMs ?? 0) + 500) < 1e-9)
        #expect(result(2, nil).outcome == .miss)
        #expect(result(2, 3.6).outcome == .miss)
    }

    @Test func scoreIsTheMedianOfCorrectTrialsOnly() {
        let results = [result(1, 1.3), result(1, 1.2), result(1, 0.5), result(1, 1.4), result(1, nil)]
        #expect(abs((ReactionTimeResult.medianCorrectLatency(results) ?? 0) - 300) < 1e-9)
        let even = [result(1, 1.2), result(1, 1.4)]
        #expect(abs((ReactionTimeResult.medianCorrectLatency(even) ?? 0) - 300) < 1e-9)
        #expect(ReactionTimeResult.medianCorrectLatency([result(1, 0.2)]) == nil)
    }
}
