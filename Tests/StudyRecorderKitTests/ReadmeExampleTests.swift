import Foundation
import TestSupport
import Testing

/// The README's library example is real code: the README shows exactly the compiled example, and it
/// runs.
@Suite(.tags(.process)) struct ReadmeExampleTests {
    static let source = ProjectPaths.root.appendingPathComponent("Examples/ReadmeExample/main.swift")

    /// The lines between the example's markers.
    static func exampleBody() throws -> String {
        let text = try String(contentsOf: source, encoding: .utf8)
        let begin = try #require(text.range(of: "// README example begins\n"))
        let end = try #require(text.range(of: "// README example ends"))
        return String(text[begin.upperBound..<end.lowerBound])
    }

    @Test func theReadmeShowsTheCompiledExample() throws {
        let readme = try String(contentsOf: ProjectPaths.root.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("```swift\nimport StudyRecorderKit\n\n" + (try Self.exampleBody()) + "```"))
    }

    @Test func theExampleRuns() async throws {
        let binary = try #require(ProjectPaths.builtProduct("readme-example"), "readme-example is not built")
        let folder = try TemporaryDirectory("readme")
        let result = try await ProcessRunner.runDetached(binary, [folder.url.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("QA: passed"))
        #expect(result.stdout.contains("alpha TP9:"))
        #expect(result.stdout.split(separator: "\n").last?.hasPrefix("stored ") == true, "\(result.stdout)")
    }
}
