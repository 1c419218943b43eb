import Foundation

/// Finds and validates a study folder: `Studies/<name>/study.json`.
public enum StudyLoader {
    /// The name of the study file inside a study folder.
    public static let fileName = "study.json"

    /// The study file of `folder` (or `folder` itself if it names a `.json` file).
    public static func studyFile(in folder: URL) -> URL {
        folder.pathExtension == "json" ? folder : folder.appendingPathComponent(fileName)
    }

    /// Loads and validates the study in `folder`. `displayPath` is how the file is named in errors
    /// (defaults to the path as given).
    public static func load(folder: URL, displayPath: String? = nil) throws(StudyLoadError) -> StudyDefinition {
        let file = studyFile(in: folder)
        let name = displayPath ?? file.relativePath
        guard let data = FileManager.default.contents(atPath: file.path) else {
            throw .missing(path: name)
        }
        switch StudyValidator.validate(bytes: Array(data), file: name) {
        case .success(let study): return study
        case .failure(let failure): throw .invalid(failure)
        }
    }
}

extension StudyLoader {
    /// Validates the study in `folder` and returns the full report (with warnings), or throws
    /// ``StudyLoadError/missing(path:)`` when there is no study file.
    public static func check(folder: URL, displayPath: String? = nil) throws(StudyLoadError) -> StudyValidationReport {
        let file = studyFile(in: folder)
        let name = displayPath ?? file.relativePath
        guard let data = FileManager.default.contents(atPath: file.path) else { throw .missing(path: name) }
        return StudyValidator.check(bytes: Array(data), file: name)
    }
}
