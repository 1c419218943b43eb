import Foundation
import TestSupport
import Testing

/// Runs the built `study-recorder` for end-to-end tests.
enum CLI {
    static func binary() throws -> URL {
        try #require(ProjectPaths.executable, "study-recorder was not built")
    }

    @discardableResult
    static func run(_ arguments: [String], environment: [String: String]? = nil) throws -> ProcessResult {
        try ProcessRunner.run(try binary(), arguments, environment: environment)
    }
}
