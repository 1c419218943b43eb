import Foundation
import Storage
import TestSupport
import Testing

@testable import Study

struct ProgressStoreTests {
    @Test func storesUnderProgressFolderAndReadsBack() throws {
        let folder = try TemporaryDirectory("progress")
        let store = ProgressStore(dataFolder: folder.url)
        let study = try StudyValidator.validate(text: try FixturePaths.text(FixturePaths.minimal), file: "m").get()
        let schedule = StudySchedule(study: study)
        let t0 = Date(timeIntervalSince1970: 1_800_000_000)
        var progress = schedule.enroll(participant: UUID(), at: t0)
        progress = try schedule.recording(.complete, of: ItemPosition(day: 0, item: 0), block: 0, in: progress, at: t0, file: "q.json")
        #expect(try store.load(studyID: "minimal") == nil)
        try store.save(progress)
        #expect(store.url(forStudy: "minimal").path == folder.url.appendingPathComponent("progress/minimal.json").path)
        #expect(try store.load(studyID: "minimal") == progress)
        let text = try String(contentsOf: store.url(forStudy: "minimal"), encoding: .utf8)
        #expect(text.contains("\"dayOpenedAt\" : \"2027-01-15T08:00:00Z\""))
    }
}
