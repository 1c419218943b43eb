import Foundation
import Storage
import Testing

@testable import Study

/// `RunReport.State.incomplete` is written with the word `run --json` always used.
struct RunReportTests {
    /// A run report whose block ended incomplete says so with the word `run --json` always used.
    @Test func anIncompleteRunReportKeepsItsJSONWord() throws {
        var report = RunReport(state: .incomplete, session: "rest", day: 1)
        report.reason = "device disconnected"
        let object = try #require(try JSONSerialization.jsonObject(with: BlockRecordTests.encoder().encode(report)) as? [String: Any])
        #expect(object["state"] as? String == "interrupted")
        #expect(object["reason"] as? String == "device disconnected")
        #expect(RunReport.State(rawValue: "interrupted") == .incomplete)
    }
}
