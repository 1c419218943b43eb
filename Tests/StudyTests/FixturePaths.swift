import Foundation
import TestSupport

/// Where the study test fixtures and example studies are.
enum FixturePaths {
    /// `Tests/StudyTests/Fixtures`.
    static let fixtures = ProjectPaths.root.appendingPathComponent("Tests/StudyTests/Fixtures")
    /// The broken-study corpus.
    static let broken = fixtures.appendingPathComponent("broken")
    /// The minimal valid study the broken ones derive from.
    static let minimal = fixtures.appendingPathComponent("valid/minimal.json")
    /// `Studies/`.
    static let studies = ProjectPaths.root.appendingPathComponent("Studies")

    /// The text of a file.
    static func text(_ url: URL) throws -> String { try String(contentsOf: url, encoding: .utf8) }
}
