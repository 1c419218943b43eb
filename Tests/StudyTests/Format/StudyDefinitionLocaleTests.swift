import FoundationEssentials
import Testing

@testable import Study

/// Which of a study's locales serves a requested one.
struct StudyDefinitionLocaleTests {
    @Test func aRegionOrTheLanguageIsServedAndAnotherLanguageIsNot() throws {
        let study = try StudyLoader.load(folder: FixturePaths.studies.appendingPathComponent("mynd-example"))
        #expect(study.locale(serving: "de") == "de")
        #expect(study.locale(serving: "de-AT") == "de")
        #expect(study.locale(serving: "de_CH") == "de")
        #expect(study.locale(serving: "EN") == "en")
        #expect(study.locale(serving: "fr") == nil)
    }
}
