import Foundation
import TestSupport
import Testing

/// A study changed after enrolment: `status` and `run` say so in one line with the table's code
/// (65) and the command that helps; `migrate` applies a safe change and the participant goes on, or
/// refuses an unsafe one with one line per reason and changes nothing.
@Suite(.tags(.process)) struct MigrateCommandTests {
    /// A copy of the example study in `dir` whose `study.json` `change` may edit.
    static func study(in dir: TemporaryDirectory, _ change: (inout [String: Any]) -> Void = { _ in }) throws -> URL {
        let folder = dir.path("study")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let source = URL(fileURLWithPath: RunCommandTests.mynd).appendingPathComponent("study.json")
        var json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: source)) as? [String: Any])
        change(&json)
        try JSONSerialization.data(withJSONObject: json, options: [.prettyPrinted]).write(to: folder.appendingPathComponent("study.json"))
        return folder
    }

    static func edit(_ study: URL, _ change: (inout [String: Any]) -> Void) throws {
        let file = study.appendingPathComponent("study.json")
        var json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        change(&json)
        try JSONSerialization.data(withJSONObject: json, options: [.prettyPrinted]).write(to: file)
    }

    @Test func aDayAddedAtTheEndIsMigratedAndTheParticipantGoesOn() throws {
        let dir = try TemporaryDirectory("cli-migrate")
        let study = try Self.study(in: dir)
        let data = dir.path("data")
        #expect(try CLI.run(["enroll", study.path, "--data", data.path, "--name", "Zed Quill", "--auto"]).status == 0)
        let first = try CLI.run(["run", study.path, "--data", data.path, "--auto", "--speed", "100"])
        #expect(first.status == 0, "\(first.stderr)")
        try Self.edit(study) { json in
            var days = json["days"] as? [Any] ?? []
            days.append(days.last as Any)
            json["days"] = days
        }
        let status = try CLI.run(["status", study.path, "--data", data.path])
        #expect(status.status == 65)
        #expect(status.stderr.split(separator: "\n").count == 1 && status.stderr.contains("study-recorder migrate"), "\(status.stderr)")
        let run = try CLI.run(["run", study.path, "--data", data.path, "--auto", "--speed", "100"])
        #expect(run.status == 65, "\(run.stderr)")
        #expect(
            run.stderr.split(separator: "\n").count == 1 && !run.stderr.contains("Error:") && run.stderr.contains("study-recorder migrate"),
            "\(run.stderr)")

        let migrated = try CLI.run(["migrate", study.path, "--data", data.path, "--json"])
        #expect(migrated.status == 0, "\(migrated.stdout) \(migrated.stderr)")
        let result = try #require(try JSONSerialization.jsonObject(with: Data(migrated.stdout.utf8)) as? [String: Any])
        #expect(result["migrated"] as? Bool == true)
        let kept = try #require(result["keptBefore"] as? String)
        #expect(FileManager.default.fileExists(atPath: kept))
        #expect(try CLI.run(["status", study.path, "--data", data.path]).status == 0)
        let again = try CLI.run(["migrate", study.path, "--data", data.path])
        #expect(again.status == 0 && again.stdout.contains("nothing to migrate"), "\(again.stdout)")
    }

    @Test func aChangeToWhatWasDoneIsRefusedOneLinePerReasonAndNothingChanges() throws {
        let dir = try TemporaryDirectory("cli-migrate-refused")
        let study = try Self.study(in: dir)
        let data = dir.path("data")
        #expect(try CLI.run(["enroll", study.path, "--data", data.path, "--name", "Zed Quill", "--auto"]).status == 0)
        #expect(try CLI.run(["run", study.path, "--data", data.path, "--auto", "--speed", "100"]).status == 0)
        let progress = data.appendingPathComponent("progress")
        let file = try #require(try FileManager.default.contentsOfDirectory(atPath: progress.path).first { $0.hasSuffix(".json") })
        let before = try Data(contentsOf: progress.appendingPathComponent(file))
        try Self.edit(study) { json in
            var days = json["days"] as? [[String: Any]] ?? []
            // The first session (done) is no longer the first.
            days[0]["sessions"] = ["motivation", "initial", "rest", "memories"]
            json["days"] = days
        }
        let refused = try CLI.run(["migrate", study.path, "--data", data.path])
        #expect(refused.status == 65, "\(refused.stdout) \(refused.stderr)")
        let lines = refused.stderr.split(separator: "\n")
        #expect(lines.count == 2, "\(refused.stderr)")
        #expect(
            lines.first?.contains("day 1, item 1 (initial) is completed for this participant, but the new protocol has 'motivation' there") == true,
            "\(refused.stderr)")
        #expect(try Data(contentsOf: progress.appendingPathComponent(file)) == before)
    }
}

/// `run --answers FILE`: a key that is no question of the study is refused (65), naming the key and
/// the file, as the study file's unknown keys are; a misspelt id is not answered with the default.
@Suite(.tags(.process)) struct RunAnswersFileTests {
    @Test func anUnknownAnswerKeyIsRefusedNamingItAndTheFile() throws {
        let dir = try TemporaryDirectory("cli-answers-key")
        let data = dir.path("data")
        #expect(try CLI.run(["enroll", RunCommandTests.mynd, "--data", data.path, "--name", "Zed Quill", "--auto"]).status == 0)
        let listed = try CLI.run(["list", "--data", data.path, "--json"]).stdout
        let answers = dir.path("answers.json")
        try Data(#"{"handednes": 1, "gender": 2}"#.utf8).write(to: answers)
        let result = try CLI.run(["run", RunCommandTests.mynd, "--data", data.path, "--auto", "--speed", "100", "--answers", answers.path])
        #expect(result.status == 65, "\(result.stdout) \(result.stderr)")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(result.stderr)")
        #expect(result.stderr.contains(answers.path) && result.stderr.contains("'handednes' (did you mean 'handedness'?)"), "\(result.stderr)")
        // Nothing was run or stored.
        #expect(try CLI.run(["list", "--data", data.path, "--json"]).stdout == listed)
    }
}
