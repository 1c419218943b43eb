import Foundation
import TestSupport
import Testing

/// Every numeric option of every command, given a hostile value (negative, zero where zero is
/// meaningless, NaN, infinite, huge, tiny, not a number), ends with exit 64 and one line on standard
/// error that names the option: never a trap, a hang or a run with the value.
@Suite(.tags(.process))
struct HostileOptionTests {
    /// A command line to put the option into, the option, and the values it must refuse.
    struct Case: CustomStringConvertible {
        var command: [String]
        var option: String
        var refused: [String]
        var description: String { (command + [option]).joined(separator: " ") }
    }

    static let nonNumbers = ["nan", "inf", "-inf", "abc", ""]

    static func cases(data: String, study: String, recording: String) -> [Case] {
        let record = ["record", "--data", data, "--duration", "1s"]
        let check = ["check", "--duration", "1s", "--speed", "0"]
        let run = ["run", study, "--data", data, "--auto"]
        let analyze = ["analyze", recording]
        return [
            Case(command: record, option: "--speed", refused: ["-1", "-0.5", "1e308", "10001"] + nonNumbers),
            Case(command: record, option: "--rate", refused: ["-256", "0", "0.5", "1e-300", "1e308", "100001"] + nonNumbers),
            Case(command: record, option: "--dropouts", refused: ["-1", "1e308", "601"] + nonNumbers),
            Case(command: record, option: "--mains", refused: ["-50", "0", "55", "1e308"] + nonNumbers),
            Case(command: record, option: "--seed", refused: ["-1", "1.5", "99999999999999999999999"] + nonNumbers),
            Case(command: record, option: "--duration", refused: ["-1", "0", "1e300", "32d", "745h"] + nonNumbers),
            Case(command: record, option: "--day", refused: ["-1", "0", "99999999999999999999", "1.5"] + nonNumbers),
            Case(command: record, option: "--session", refused: ["-1", "99999999999999999999"] + nonNumbers),
            Case(command: check, option: "--band-power-interval", refused: ["-1", "0", "1e-300", "1e300"] + nonNumbers),
            Case(command: check, option: "--duration", refused: ["-1", "0", "1e300"] + nonNumbers),
            Case(command: check, option: "--rate", refused: ["-1", "0", "1e308"] + nonNumbers),
            Case(command: run, option: "--speed", refused: ["-1", "0", "1e308"] + nonNumbers),
            Case(command: run, option: "--now", refused: ["-1", "yesterday", "2026-13-45T99:00:00Z"]),
            Case(command: ["status", study, "--data", data], option: "--now", refused: ["-1", "yesterday"]),
            Case(command: ["remind", study, "--data", data], option: "--now", refused: ["-1", "yesterday", "2026-13-45T99:00:00Z"]),
            Case(command: analyze, option: "--segment-seconds", refused: ["-1", "0", "1e300", "61"] + nonNumbers),
            Case(command: analyze, option: "--overlap", refused: ["-0.5", "1", "1e300"] + nonNumbers),
            Case(command: analyze, option: "--mains", refused: ["-50", "0", "1e308"] + nonNumbers),
            Case(command: analyze, option: "--bands", refused: ["a:-1-4", "a:4-1", "a:1-1e300", "a:nan-4", "a:1-129", "nonsense"]),
            Case(command: ["upload", "--data", data, "--dry-run"], option: "--limit", refused: ["-1", "0", "99999999999999999999"] + nonNumbers),
        ]
    }

    @Test func everyNumericOptionRefusesHostileValues() throws {
        let dir = try TemporaryDirectory("cli-hostile")
        let data = dir.path("data").path
        let recorded = try CLI.run(["record", "--data", data, "--duration", "2s", "--speed", "0", "--json"])
        #expect(recorded.status == 0, "\(recorded.stderr)")
        let item = try #require(try JSONSerialization.jsonObject(with: Data(recorded.stdout.utf8)) as? [String: Any])
        let recording = URL(fileURLWithPath: data).appendingPathComponent(try #require(item["path"] as? String)).path
        let study = ProjectPaths.root.appendingPathComponent("Studies/mynd-example").path
        for testCase in Self.cases(data: data, study: study, recording: recording) {
            for value in testCase.refused {
                let result = try CLI.run(testCase.command + [testCase.option, value])
                let lines = result.stderr.split(separator: "\n")
                #expect(result.status == 64, "\(testCase) \(value): exit \(result.status) \(result.stderr)")
                #expect(lines.count == 1, "\(testCase) \(value): \(result.stderr)")
                let named = result.stderr.contains(testCase.option) || result.stderr.contains(testCase.option.dropFirst(2))
                #expect(named, "\(testCase) \(value): \(result.stderr)")
            }
        }
    }

    /// `help` for a command that does not exist is an error, not the general help with exit 0.
    @Test func helpForAnUnknownCommandExits64() throws {
        let result = try CLI.run(["help", "nosuch"])
        #expect(result.status == 64 && result.stderr.contains("nosuch") && result.stdout.isEmpty, "\(result.stderr)")
        let known = try CLI.run(["help", "record"])
        #expect(known.status == 0 && known.stdout.contains("--duration"))
    }

    /// `--replay` without `--source replay` is an error rather than a silently ignored option.
    @Test func replayWithoutTheReplaySourceIsAnError() throws {
        let dir = try TemporaryDirectory("cli-replay-flag")
        let result = try CLI.run(["record", "--data", dir.path("data").path, "--replay", dir.path("x.h5").path, "--duration", "1s"])
        #expect(result.status == 64 && result.stderr.contains("--source replay"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.path("data").path))
    }

    /// An answers file over 1 MiB is refused with 65 and one line before it is parsed.
    @Test func anOversizedAnswersFileIsRefusedAtOnce() throws {
        let dir = try TemporaryDirectory("cli-answers-size")
        let answers = dir.path("answers.json")
        try Data(("{\"a\": \"" + String(repeating: "x", count: 2 << 20) + "\"}").utf8).write(to: answers)
        let study = ProjectPaths.root.appendingPathComponent("Studies/mynd-example").path
        let result = try CLI.run(["run", study, "--data", dir.path("data").path, "--auto", "--answers", answers.path])
        #expect(result.status == 65 && result.stderr.contains("at most 1 MiB"), "\(result.status) \(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    }
}
