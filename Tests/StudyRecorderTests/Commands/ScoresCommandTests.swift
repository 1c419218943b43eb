import Foundation
import Storage
import Study
import TestSupport
import Testing

/// `study-recorder scores`: the participant's reaction-time score per session over the days, from the
/// progress file the runner keeps, as a table and as JSON alone on standard output.
@Suite(.tags(.process))
struct ScoresCommandTests {
    let studyFolder = ProjectPaths.root.appendingPathComponent("Studies/reaction-time")
    let t0 = Date(timeIntervalSince1970: 1_800_000_000)  // 2027-01-15T08:00:00Z

    /// Day 1 done (its second block interrupted once, then run again), day 2 still to come.
    func progress(in data: URL) throws -> StudyProgress {
        let schedule = StudySchedule(study: try StudyLoader.load(folder: studyFolder))
        var progress = schedule.enroll(participant: UUID(), at: t0)
        progress = try schedule.recording(.complete, of: ItemPosition(day: 0, item: 0), block: 0, in: progress, at: t0)
        let reaction = ItemPosition(day: 0, item: 1)
        let runs: [(RecordingOutcome, Int, [Double])] = [
            (.complete, 0, [300, 320, 280]), (.incomplete(reason: nil), 1, [400]), (.complete, 1, [310, 290]),
        ]
        for (n, (outcome, block, latencies)) in runs.enumerated() {
            progress = try schedule.recording(outcome, of: reaction, block: block, in: progress, at: t0.addingTimeInterval(Double(60 * (n + 1))))
            let item = try #require(progress.items.firstIndex { $0.position == reaction })
            progress.items[item].runs[n].validLatenciesMs = latencies
            progress.items[item].runs[n].medianLatencyMs = ReactionTimeResult.median(latencies)
        }
        try ProgressStore(dataFolder: data).save(progress)
        return progress
    }

    @Test func showsTheSessionMedianOverAllValidTrialsPerDay() async throws {
        let data = try TemporaryDirectory("scores")
        let progress = try progress(in: data.url)
        let bin = try #require(ProjectPaths.executable)
        let result = try await ProcessRunner.runDetached(bin, ["scores", studyFolder.path, "--data", data.url.path, "--json"])
        #expect(result.status == 0)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "stdout is one JSON object")
        #expect(root["participant"] as? String == progress.participant.uuidString)
        let sessions = try #require(root["sessions"] as? [[String: Any]])
        #expect(sessions.count == 2)
        #expect(sessions[0]["day"] as? Int == 1 && sessions[0]["session"] as? String == "reaction")
        #expect(sessions[0]["medianLatencyMs"] as? Double == 305)  // median of 280 290 300 310 320 400
        #expect(sessions[0]["validTrials"] as? Int == 6)
        #expect(sessions[0]["runMedianLatencyMs"] as? [Double] == [300, 400, 300])
        #expect(sessions[0]["blocksCompleted"] as? Int == 2)
        #expect(sessions[0]["date"] as? String == "2027-01-15T08:03:00Z")
        // Day 2 has not run: its values are present and null.
        #expect(sessions[1]["day"] as? Int == 2)
        for key in ["date", "validTrials", "medianLatencyMs"] { #expect(sessions[1][key] is NSNull, "\(key)") }

        let table = try await ProcessRunner.runDetached(bin, ["scores", studyFolder.path, "--data", data.url.path])
        #expect(table.status == 0)
        let lines = table.stdout.split(separator: "\n")
        #expect(lines.count == 4)
        #expect(lines[2].contains("305") && lines[2].contains("300 400 300") && lines[2].contains("2/2"))
        #expect(lines[3].hasPrefix("2 ") && lines[3].contains("0/2"))
    }

    @Test func nobodyEnrolledIsMissingInput() async throws {
        let data = try TemporaryDirectory("scores-none")
        let bin = try #require(ProjectPaths.executable)
        let result = try await ProcessRunner.runDetached(bin, ["scores", studyFolder.path, "--data", data.url.path, "--json"])
        #expect(result.status == 66)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("nobody is enrolled"))
    }
}
