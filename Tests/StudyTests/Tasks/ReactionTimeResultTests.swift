import Foundation
import Storage
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

    @Test func onlyTheResponseKeyNoSoonerThanTheBoundIsCorrect() {
        func press(_ key: String, after latency: Double, bound: Double = 0.1) -> ReactionTimeOutcome {
            ReactionTimeResult(
                trial: 0, stimulus: "X", response: key, foreperiod: 1, keyAfterOnset: 1 + latency, responseWindow: 1.5, timestamp: t,
                responseKey: "space", anticipationBound: bound
            ).outcome
        }
        #expect(press("space", after: 0.25) == .correct)
        #expect(press("a", after: 0.25) == .wrongKey)
        #expect(press("enter", after: 0.25) == .wrongKey)
        #expect(press("space", after: 0.05) == .anticipation)
        #expect(press("space", after: 0.05, bound: 0.04) == .correct)
        #expect(press("space", after: -0.2) == .anticipation)
        #expect(press("space", after: 1.6) == .miss)
        let any = ReactionTimeResult(
            trial: 0, stimulus: "X", response: "q", foreperiod: 1, keyAfterOnset: 1.3, responseWindow: 1.5, timestamp: t, responseKey: "any")
        #expect(any.outcome == .correct)
    }

    @Test func missingValuesAreWrittenAsNull() throws {
        let json = String(decoding: try JSONEncoder().encode(result(2, nil)), as: UTF8.self)
        for key in ["latencyMs", "response", "stimulusTime", "stimulusSample", "responseTime", "responseSample"] {
            #expect(json.contains("\"\(key)\":null"), "\(key)")
        }
    }

    @Test func scoreIsTheMedianOfCorrectTrialsOnly() {
        let results = [result(1, 1.3), result(1, 1.2), result(1, 0.5), result(1, 1.4), result(1, nil)]
        #expect(abs((ReactionTimeResult.medianCorrectLatency(results) ?? 0) - 300) < 1e-9)
        let even = [result(1, 1.2), result(1, 1.4)]
        #expect(abs((ReactionTimeResult.medianCorrectLatency(even) ?? 0) - 300) < 1e-9)
        #expect(ReactionTimeResult.medianCorrectLatency([result(1, 0.2)]) == nil)
    }
}
