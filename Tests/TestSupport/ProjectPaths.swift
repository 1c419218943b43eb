public import Foundation

/// Where things of the checkout live, found from this source file so tests work from any directory.
public enum ProjectPaths {
    /// The package root (the folder holding Package.swift).
    public static let root: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url
    }()

    /// The project's Python with h5py, numpy and scipy (made by scripts/bootstrap), or `nil`.
    public static var python: URL? {
        if let explicit = ProcessInfo.processInfo.environment["STUDY_RECORDER_PYTHON"] {
            return URL(fileURLWithPath: explicit)
        }
        let venv = root.appendingPathComponent(".venv/bin/python")
        return FileManager.default.isExecutableFile(atPath: venv.path) ? venv : nil
    }

    /// The built `study-recorder` executable next to the test bundle, or `nil` if it was not built.
    public static var executable: URL? {
        if let explicit = ProcessInfo.processInfo.environment["STUDY_RECORDER_BIN"] {
            return URL(fileURLWithPath: explicit)
        }
        return builtProduct("study-recorder")
    }

    /// The built executable product `name` (e.g. an example program) next to the test bundle, or `nil`.
    public static func builtProduct(_ name: String) -> URL? {
        var dir = Bundle.main.bundleURL
        for _ in 0..<4 {
            let candidate = dir.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            dir.deleteLastPathComponent()
        }
        for config in ["debug", "release"] {
            let candidate = root.appendingPathComponent(".build/\(config)/\(name)")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// True when running in CI, where a missing test tool is a failure rather than a skip.
    public static var isCI: Bool {
        ProcessInfo.processInfo.environment["CI"] == "true"
    }
}
