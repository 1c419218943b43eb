import Foundation
import Testing

@testable import Study

struct StudyLinterTests {
    @Test func warnsAboutMissingTranslationsAndUnusedDefinitions() throws {
        var study = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: FixturePaths.minimal)) as? [String: Any])
        study["title"] = ["en": "Only English"]
        var trialTypes = try #require(study["trialTypes"] as? [String: Any])
        trialTypes["spare"] = ["marker": 500, "phases": [["kind": "fixation", "duration": 1, "marker": 501]]]
        study["trialTypes"] = trialTypes
        let data = try JSONSerialization.data(withJSONObject: study, options: [.prettyPrinted, .sortedKeys])
        let report = StudyValidator.check(bytes: Array(data), file: "t.json")
        #expect(report.study != nil)
        #expect(report.errors.isEmpty)
        #expect(report.warnings.map(\.path) == ["$.title", "$.trialTypes.spare"])
        #expect(
            report.warnings.map(\.message) == [
                "no translation for 'de'; 'en' is shown instead", "no block uses this trial type",
            ])
        #expect(report.warnings[0].description.hasPrefix("t.json:\(report.warnings[0].line):\(report.warnings[0].column): $.title: warning: "))
    }

    @Test func theExamplesHaveNoWarnings() throws {
        for name in ["mynd-example", "reaction-time"] {
            let report = try StudyLoader.check(folder: FixturePaths.studies.appendingPathComponent(name))
            #expect(report.study != nil)
            #expect(report.warnings.isEmpty, "\(name): \(report.warnings)")
        }
    }
}
