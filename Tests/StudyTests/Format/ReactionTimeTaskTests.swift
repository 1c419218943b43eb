import Foundation
import Testing

@testable import Study

/// The reaction-time task's `anticipationBound`: optional (0.1 s), validated against its range and
/// the response window, with the error at the key's path.
struct ReactionTimeTaskTests {
    func study(bound: Any?) throws -> Result<StudyDefinition, StudyValidationFailure> {
        let url = FixturePaths.studies.appendingPathComponent("reaction-time/study.json")
        var root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        var types = try #require(root["trialTypes"] as? [String: Any])
        var reaction = try #require(types["reaction"] as? [String: Any])
        var phases = try #require(reaction["phases"] as? [[String: Any]])
        var task = try #require(phases[1]["task"] as? [String: Any])
        task["anticipationBound"] = bound
        phases[1]["task"] = task
        reaction["phases"] = phases
        types["reaction"] = reaction
        root["trialTypes"] = types
        return StudyValidator.validate(bytes: Array(try JSONSerialization.data(withJSONObject: root)), file: "study.json")
    }

    func bound(of study: StudyDefinition) -> Double? {
        study.trialTypes["reaction"]?.phases.compactMap(\.task).first.map {
            guard case .reactionTime(let t) = $0 else { return -1 }
            return t.anticipationBound
        }
    }

    @Test func theBoundDefaultsTo100Milliseconds() throws {
        #expect(bound(of: try study(bound: nil).get()) == 0.1)
        #expect(bound(of: try study(bound: 0.15).get()) == 0.15)
    }

    @Test(arguments: [-0.1, 1.5, 2.0])
    func aBoundOutOfRangeOrNotBelowTheWindowIsAnError(value: Double) throws {
        guard case .failure(let failure) = try study(bound: value) else {
            Issue.record("validated with anticipationBound \(value)")
            return
        }
        #expect(failure.errors.map(\.path) == ["$.trialTypes.reaction.phases[1].task.anticipationBound"])
    }
}
