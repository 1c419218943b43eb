import Foundation
import TestSupport
import Testing

/// `study-recorder validate`: exit codes 0 / 65 / 66 and the `file:line:column: $.path: expected …` lines.
@Suite(.tags(.process))
struct ValidateCommandTests {
    let broken = ProjectPaths.root.appendingPathComponent("Tests/StudyTests/Fixtures/broken")

    @Test(arguments: ["Studies/mynd-example", "Studies/reaction-time"])
    func exampleStudiesAreValid(_ folder: String) throws {
        let bin = try #require(ProjectPaths.executable)
        let result = try ProcessRunner.run(bin, ["validate", folder], currentDirectory: ProjectPaths.root)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.hasPrefix("\(folder)/study.json: valid: study '"))
    }

    @Test func anInvalidStudyExitsWith65AndListsErrorsOnePerLine() throws {
        let bin = try #require(ProjectPaths.executable)
        let result = try ProcessRunner.run(
            bin, ["validate", "Tests/StudyTests/Fixtures/broken/marker-collision-in-session.json"], currentDirectory: ProjectPaths.root)
        #expect(result.status == 65)
        #expect(
            result.stdout
                == "Tests/StudyTests/Fixtures/broken/marker-collision-in-session.json:110:21: $.trialTypes.closed.phases[2].marker: expected a marker code that means one event within session 'rest': 330 also marks $.trialTypes.open.phases[2].marker (line 88, column 21)\n"
        )
        #expect(result.stderr.contains("1 error(s)"))
    }

    @Test func aMissingStudyExitsWith66() throws {
        let bin = try #require(ProjectPaths.executable)
        let folder = try TemporaryDirectory("validate")
        let result = try ProcessRunner.run(bin, ["validate", folder.url.path])
        #expect(result.status == 66)
        #expect(result.stderr.contains("no study file here"))
    }

    @Test func jsonOutputListsStructuredErrors() throws {
        let bin = try #require(ProjectPaths.executable)
        let result = try ProcessRunner.run(bin, ["validate", broken.appendingPathComponent("session-kind-keys.json").path, "--json"])
        #expect(result.status == 65)
        struct Report: Decodable {
            struct Error: Decodable { var file: String; var line: Int; var column: Int; var path: String; var expected: String }
            var valid: Bool
            var errors: [Error]
        }
        let report = try JSONDecoder().decode(Report.self, from: Data(result.stdout.utf8))
        #expect(!report.valid)
        #expect(report.errors.map(\.path) == ["$.sessions.mood.blocks"])
        #expect(report.errors.map(\.line) == [156])
        #expect(report.errors.map(\.column) == [7])
        #expect(report.errors.first?.expected.hasSuffix("('blocks' is not a key of a questionnaire session)") == true)
    }

    @Test func everyBrokenFixtureFailsWithoutCrashing() throws {
        let bin = try #require(ProjectPaths.executable)
        let files = try FileManager.default.contentsOfDirectory(atPath: broken.path).filter { $0.hasSuffix(".json") }
        #expect(files.count >= 20)
        for file in files {
            let result = try ProcessRunner.run(bin, ["validate", broken.appendingPathComponent(file).path])
            #expect(result.status == 65, "\(file): \(result.status) \(result.stderr)")
            let first = result.stdout.split(separator: "\n").first.map(String.init) ?? ""
            #expect(first.contains(".json:") && first.contains(": $") && first.contains(": expected "), "\(file): \(first)")
        }
    }
}
