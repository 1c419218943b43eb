public import Foundation

/// A study folder as a lab makes one: the minimal valid study file (`Tests/StudyTests/Fixtures/valid/
/// minimal.json`) with some `settings` set, in `dir/study`, and an empty `keys` folder beside it for
/// the key files such settings name (relative to the study folder).
public enum StudyFolderFixture {
    /// Writes the folder and returns its URL.
    public static func make(in dir: TemporaryDirectory, settings: [String: Any]) throws -> URL {
        let folder = dir.path("study")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("keys"), withIntermediateDirectories: true)
        let minimal = ProjectPaths.root.appendingPathComponent("Tests/StudyTests/Fixtures/valid/minimal.json")
        guard var json = try JSONSerialization.jsonObject(with: Data(contentsOf: minimal)) as? [String: Any] else {
            throw TestToolError.failed("\(minimal.path) is not a JSON object")
        }
        json["settings"] = (json["settings"] as? [String: Any] ?? [:]).merging(settings) { $1 }
        try JSONSerialization.data(withJSONObject: json).write(to: folder.appendingPathComponent("study.json"))
        return folder
    }
}
