public import Foundation

/// Errors when a tool a test drives is missing.
public enum TestToolError: Error, CustomStringConvertible {
    /// The program is not on PATH (run scripts/bootstrap).
    case missing(String)
    /// A server did not start or answer in time.
    case serverDidNotStart(String)
    /// A tool ran and failed, with what it said.
    case failed(String)

    /// A one-line explanation for the terminal or a log (never a secret).
    public var description: String {
        switch self {
        case .missing(let name): "\(name) is not installed (run scripts/bootstrap)"
        case .serverDidNotStart(let what): "test server did not start: \(what)"
        case .failed(let what): "failed: \(what)"
        }
    }
}

/// Finds the programs tests drive (gpg, openssl, curl) on PATH.
public enum Executables {
    /// The program `name` on PATH, or `nil`.
    public static func find(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// The program `name`; throws when it is missing.
    public static func require(_ name: String) throws -> URL {
        guard let url = find(name) else { throw TestToolError.missing(name) }
        return url
    }

    /// Whether tests needing `tools` (and the project's Python, when `python`) should run: always in CI
    /// (where a missing tool must fail the test, never skip it), elsewhere only when all are present.
    public static func available(_ tools: [String], python: Bool = false) -> Bool {
        if ProjectPaths.isCI { return true }
        return tools.allSatisfy { find($0) != nil } && (!python || ProjectPaths.python != nil)
    }
}
