import Foundation

/// Errors from running the project's Python.
public enum PythonToolError: Error, CustomStringConvertible {
    /// No .venv Python was found (run scripts/bootstrap).
    case unavailable
    /// The script failed; carries its standard error.
    case failed(String)

    public var description: String {
        switch self {
        case .unavailable: "the project's Python (.venv with h5py, numpy, scipy) is missing: run scripts/bootstrap"
        case .failed(let stderr): "python failed: \(stderr)"
        }
    }
}

/// Runs Python snippets in the project's .venv, where h5py, numpy and scipy are installed: the
/// reference implementations tests compare against.
public enum PythonTool {
    /// Runs `script` with `arguments` (available as `sys.argv[1:]`) and decodes its standard output
    /// as JSON into `T`.
    public static func json<T: Decodable>(_ type: T.Type, script: String, arguments: [String] = []) throws -> T {
        let output = try run(script: script, arguments: arguments)
        return try JSONDecoder().decode(T.self, from: Data(output.utf8))
    }

    /// Runs `script` and returns its standard output; throws when it exits non-zero.
    public static func run(script: String, arguments: [String] = []) throws -> String {
        guard let python = ProjectPaths.python else { throw PythonToolError.unavailable }
        let result = try ProcessRunner.run(python, ["-c", script] + arguments)
        guard result.status == 0 else { throw PythonToolError.failed(result.stderr) }
        return result.stdout
    }
}
