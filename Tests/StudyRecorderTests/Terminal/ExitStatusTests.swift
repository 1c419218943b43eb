import Foundation
import TestSupport
import Testing

/// The one error → exit code table (Sources/StudyRecorder/Terminal/ExitStatus.swift): whatever
/// fails, and wherever in a command it fails, `study-recorder` prints exactly one line on standard
/// error — after its name, except a study file's own complaint — and exits with the table's code.
@Suite(.tags(.process)) struct ExitStatusTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let arguments: [String]
        let status: Int32
        let says: String
        var prefixed = true
        var testDescription: String { "\(arguments.first ?? "") → \(status)" }
    }

    static let mynd = ProjectPaths.root.appendingPathComponent("Studies/mynd-example").path
    static let missing = "/nonexistent-\(UUID().uuidString)"

    static let cases: [Case] = [
        Case(arguments: ["scores", missing], status: 66, says: "no study file here", prefixed: false),
        Case(arguments: ["status", Self.mynd, "--data", missing], status: 66, says: "no data folder at"),
        Case(arguments: ["run", Self.mynd, "--auto", "--data", "{data}"], status: 66, says: "run `study-recorder enroll` first"),
        Case(arguments: ["run", Self.mynd, "--auto", "--locale", "xx", "--data", "{data}"], status: 64, says: "unknown --locale 'xx'"),
        Case(arguments: ["validate", Self.mynd, "--locale", "xx"], status: 64, says: "unknown --locale 'xx'"),
        Case(arguments: ["scores", Self.mynd, "--data", "{data}"], status: 66, says: "nobody is enrolled in"),
        Case(arguments: ["upload", "--data", "{data}", "--config", missing + ".json"], status: 66, says: "no such transfer configuration"),
        Case(arguments: ["export", "--data", "{data}", "--all", "--format", "csv"], status: 66, says: "nothing to export"),
        Case(arguments: ["consent", "--data", "{data}", "--out", missing + ".pdf"], status: 66, says: "no consent document in"),
        Case(arguments: ["run", Self.mynd, "--auto", "--answers", missing + ".json", "--data", "{data}"], status: 66, says: "no such answers file"),
        Case(arguments: ["resolve", "P/r.h5", "--retire", "--data", "{data}"], status: 66, says: "no item named P/r.h5 in the catalog"),
        Case(arguments: ["resolve", "P/r.h5", "--data", "{data}"], status: 64, says: "give either --restore FILE or --retire"),
        Case(arguments: ["migrate", Self.mynd, "--data", "{data}"], status: 66, says: "run `study-recorder enroll` first"),
    ]

    @Test(arguments: cases) func aFailureIsOneLineAndTheTablesCode(_ c: Case) throws {
        let dir = try TemporaryDirectory("exit-status")
        try FileManager.default.createDirectory(at: dir.url, withIntermediateDirectories: true)
        let arguments = c.arguments.map { $0.replacingOccurrences(of: "{data}", with: dir.url.path) }
        let result = try CLI.run(arguments)
        #expect(result.status == c.status, "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: true)
        #expect(lines.count == 1, "\(result.stderr)")
        let line = String(lines.first ?? "")
        #expect(line.contains(c.says), "\(line)")
        #expect(line.hasPrefix("study-recorder: ") == c.prefixed, "\(line)")
    }
}
