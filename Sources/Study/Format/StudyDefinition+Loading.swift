public import Foundation

extension StudyDefinition {
    /// Reads and validates the study in `folder` (`Studies/<name>/`, the folder holding `study.json`),
    /// for a ``StudyDefinition`` a client runs through the kit's `StudySessionRun`. The error names
    /// the file and, for each problem, its line and column.
    public static func load(folder: URL) throws -> StudyDefinition {
        try StudyLoader.load(folder: folder)
    }
}
